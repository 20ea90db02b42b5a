import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { ROOM_TURN_BASED_KEEP_MS } from "../../contract/rooms-constants";
import { insertGame, insertOpenRoom } from "../../test/factories";
import { describeEachDatabase } from "../../test/test-app";
import { openRoomsTable } from "../db/schema";
import { recordHeartbeat } from "../services/process-registry";
import { HOME_GONE_AFTER_MS } from "../services/room-runtime";
import { ROOMS_PURGE_SCHEDULE, runRoomsPurge } from "./rooms-purge";
import { JOB_SCHEDULES } from "./schedules";

describeEachDatabase("the purge of abandoned open rooms (D121, ADR 027)", (t) => {
  it("deletes real-time rooms whose home is gone and turn-based ones untouched for 7 days whose home is gone", async () => {
    expect(JOB_SCHEDULES).toContainEqual(ROOMS_PURGE_SCHEDULE);
    const db = t().database.db;
    const now = new Date("2026-12-07T12:00:00Z");
    const beat = (id: string, at: Date) =>
      recordHeartbeat(db, { id, host: "test", pid: 1, version: "test", roles: ["site"], startedAt: at }, at);
    const alive = `alive-${now.getTime()}`;
    const gone = `gone-${now.getTime()}`;
    await beat(alive, new Date(now.getTime() - 1000));
    await beat(gone, new Date(now.getTime() - HOME_GONE_AFTER_MS - 1000));
    const { id: gameId } = await insertGame(t());
    const longAgo = new Date(now.getTime() - ROOM_TURN_BASED_KEEP_MS - 60_000);
    const lately = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const room = async (homeProcess: string | null, turnBased: boolean, updatedAt = lately) =>
      (await insertOpenRoom(t(), { gameId, userIds: [1], homeProcess, turnBased, updatedAt })).id;

    const kept = [
      await room(alive, false),
      await room(alive, true, longAgo),
      await room(gone, true, lately),
      await room(null, true, lately),
    ];
    const purged = [
      await room(gone, false),
      await room(null, false),
      await room("never-seen", false),
      await room(gone, true, longAgo),
      await room(null, true, longAgo),
    ];

    expect(await runRoomsPurge(db, now)).toBe(purged.length);
    const left = await db
      .select({ id: openRoomsTable.id })
      .from(openRoomsTable)
      .where(inArray(openRoomsTable.id, [...kept, ...purged]));
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    expect(await runRoomsPurge(db, now)).toBe(0);
  });
});
