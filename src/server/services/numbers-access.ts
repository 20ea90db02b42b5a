/**
 * D134: who may see a game's numbers, in one place.
 *
 * Contract: `canSeeGameNumbers` answers true for an admin on a one-time-code session who may act (two-step sign-in
 * set up where it is required, D106), for any game, and for the game's own creators (D130: a creator listed on it,
 * on their ordinary session); false for everyone else, another creator included. `canSeeSiteNumbers` is the whole
 * site's numbers: admins only. No HTTP types.
 */
import type { Db } from "../db/client";
import { isCreatorOf } from "./creators";
import type { SessionUser } from "./sessions";
import { mustEnrolTwoStep } from "./two-step";

export async function canSeeSiteNumbers(session: SessionUser | null, db: Db): Promise<boolean> {
  if (!session || session.role !== "admin" || session.sessionKind !== "admin") return false;
  return !(await mustEnrolTwoStep(db, session));
}

export async function canSeeGameNumbers(session: SessionUser | null, gameId: number, db: Db): Promise<boolean> {
  if (!session) return false;
  if (await canSeeSiteNumbers(session, db)) return true;
  return (session.role === "creator" || session.role === "admin") && isCreatorOf(db, session.id, gameId);
}
