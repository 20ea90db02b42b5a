/** D134: what the pages' counting beacon and the game error report may carry. Zod-free for the browser. */

/** Game cards one beacon may count (a grid shows fewer; a longer list is refused, not cut). */
export const BEACON_MAX_IMPRESSIONS = 60;
/** The longest error message kept, in characters (a longer one is cut). */
export const GAME_ERROR_MESSAGE_MAX = 300;
/** Error reports one game frame sends at most (the host page drops the rest). */
export const GAME_ERRORS_PER_PLAY = 5;
/** The days a numbers screen shows, before today. */
export const NUMBERS_DAYS = 90;

/** One UTC day of a game's or the site's numbers, as the numbers screens show it. Rates are null without a base. */
export type NumbersDay = {
  day: string;
  /** today: counted live, not final */
  live: boolean;
  impressions: number;
  pageViews: number;
  playStarts: number;
  /** play starts per page view */
  conversion: number | null;
  firstGameplayP50: number | null;
  firstGameplayP90: number | null;
  playtimePerSessionMs: number | null;
  sessionsPerPlayer: number | null;
  players: number;
  newPlayers: number;
  /** share of the day's new players who played again the next UTC day / the seventh; null until known */
  d1: number | null;
  d7: number | null;
  errors: number;
  errorsPer1000: number | null;
};

export type NumbersResponse = {
  /** null: the whole site */
  game: { id: number; title: string } | null;
  days: NumbersDay[];
  /** the commonest error messages over the days shown */
  topErrors: Array<{ message: string; n: number }>;
  /** signed-in players with the site open now (whole site only) */
  onlineNow: number | null;
};
