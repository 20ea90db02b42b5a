import type { Db } from "../db/client";
import { purgeAbandonedRooms } from "../services/room-runtime";

/** Every 10 minutes (D116): a gone process's real-time rooms should not linger in lists and friends' Join buttons. */
export const ROOMS_PURGE_SCHEDULE = { name: "rooms.purge", cron: "*/10 * * * *" } as const;

/** Deletes the open rooms nobody can come back to (ADR 027); answers how many. */
export function runRoomsPurge(db: Db, now: Date): Promise<number> {
  return purgeAbandonedRooms(db, now);
}
