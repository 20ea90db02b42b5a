/** The longest start a play records (an hour; anything longer is not a load time). Zod-free for the browser (D73). */
export const MAX_FIRST_GAMEPLAY_MS = 3_600_000;
