/**
 * D134: who may see a game's numbers, in one place so that creators can be added to it.
 *
 * Contract: `canSeeGameNumbers` answers true for an admin on a one-time-code session who may act (two-step sign-in
 * set up where it is required, D106), for any game; false for everyone else. `canSeeSiteNumbers` is the same for the
 * whole site's numbers (admins only, also once creators see their own games). No HTTP types.
 */
import type { Db } from "../db/client";
import type { SessionUser } from "./sessions";
import { mustEnrolTwoStep } from "./two-step";

export async function canSeeSiteNumbers(session: SessionUser | null, db: Db): Promise<boolean> {
  if (!session || session.role !== "admin" || session.sessionKind !== "admin") return false;
  return !(await mustEnrolTwoStep(db, session));
}

// gameId is unused until creators see their own games' numbers: then it is checked against the game's creators
export async function canSeeGameNumbers(session: SessionUser | null, _gameId: number, db: Db): Promise<boolean> {
  return canSeeSiteNumbers(session, db);
}
