/** D84/D101: a board is everyone's (`global`, the default) or the signed-in player's and their friends' (`friends`). */
export const BOARD_SCOPES = ["global", "friends"] as const;
export type BoardScope = (typeof BOARD_SCOPES)[number];
