import { expect, it } from "vitest";
import { MUTE_LADDER_MS, MUTE_LADDER_RESET_MS, mutedMessage } from "../../../contract/reports";
import { reportCalls } from "../../../test/reports";
import { createUserWithSession, describeEachDatabase } from "../../../test/test-app";
import { assertNotMuted, mutePlayer, nextMuteStep } from "../../services/moderation";

/** The test's clock (AppSettings.now): mutes are set and read against it. */
const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

describeEachDatabase(
  "mutes (D96)",
  (t) => {
    const { call } = reportCalls(t);

    it("the ladder starts again after 30 days without a mute (injectable clock); a mute ends by itself", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const player = await createUserWithSession(t());
      const mute = async () =>
        (await call(moderator, "POST", `/api/admin/moderation/mutes/${player.user.id}`)).json() as {
          step: number;
          mutedUntil: string;
        };
      clock.offsetMs = 0;
      expect((await mute()).step).toBe(1);
      expect((await mute()).step).toBe(2);
      clock.offsetMs = MUTE_LADDER_MS[1] + MUTE_LADDER_RESET_MS - 60_000; // 29 days 23 h 59 min after the second mute ended
      expect((await mute()).step).toBe(3);
      clock.offsetMs += MUTE_LADDER_MS[2] + MUTE_LADDER_RESET_MS + 60_000;
      const fresh = await mute();
      expect(fresh.step).toBe(1);
      expect(new Date(fresh.mutedUntil).getTime() - now().getTime()).toBeLessThanOrEqual(MUTE_LADDER_MS[0]);
      clock.offsetMs = 0;
      // the services read the same way with any clock
      const end = new Date(fresh.mutedUntil);
      await expect(assertNotMuted(t().database.db, player.user.id, new Date(end.getTime() - 1000))).rejects.toThrow(
        mutedMessage(end),
      );
      await expect(
        assertNotMuted(t().database.db, player.user.id, new Date(end.getTime() + 1000)),
      ).resolves.toBeUndefined();
      expect(nextMuteStep({ mutedUntil: null, muteCount: 7 }, new Date()).step).toBe(1);
      expect(nextMuteStep({ mutedUntil: new Date(), muteCount: 7 }, new Date()).durationMs).toBe(MUTE_LADDER_MS[2]);
    });

    it("staff cannot be muted or banned, nor mute themselves", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const other = await createUserWithSession(t(), { role: "moderator" });
      expect((await call(moderator, "POST", `/api/admin/moderation/mutes/${other.user.id}`)).statusCode).toBe(403);
      await expect(mutePlayer(t().database.db, moderator.user.id, moderator.user.id)).rejects.toThrow(
        "You cannot mute yourself",
      );
      expect((await call(moderator, "POST", `/api/admin/moderation/mutes/2000000000`)).statusCode).toBe(404);
    });

    it("players may not mute or unmute; a malformed id is 400, an unknown player 404", async () => {
      const moderator = await createUserWithSession(t(), { role: "moderator" });
      const [player, other] = [await createUserWithSession(t()), await createUserWithSession(t())];
      expect((await call(player, "POST", `/api/admin/moderation/mutes/${other.user.id}`)).statusCode).toBe(403);
      expect((await call(player, "DELETE", `/api/admin/moderation/mutes/${other.user.id}`)).statusCode).toBe(403);
      expect((await call(moderator, "POST", "/api/admin/moderation/mutes/x")).statusCode).toBe(400);
      expect((await call(moderator, "DELETE", "/api/admin/moderation/mutes/x")).statusCode).toBe(400);
      expect((await call(moderator, "DELETE", "/api/admin/moderation/mutes/2000000000")).statusCode).toBe(404);
      await expect(assertNotMuted(t().database.db, other.user.id, now())).resolves.toBeUndefined();
    });
  },
  { demo: false, settings: { now } },
);
