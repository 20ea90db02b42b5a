import { expect, it } from "vitest";
import { STEP_UP_TEXTS } from "../../contract/step-up-constants";
import { describeEachDatabase } from "../../test/test-app";

// The undo links that work are followed in step-up.test.ts, after the changes that mail them.
describeEachDatabase(
  "the undo link of a changed address or password (D105)",
  (t) => {
    const undo = (payload: object, remoteAddress = "198.51.100.7") =>
      t().app.inject({ method: "POST", url: "/api/account/undo", payload, remoteAddress });

    it("an unknown link is 400 with the same words as a used one; a missing, empty or over-long token is 400", async () => {
      const unknown = await undo({ token: "a".repeat(43) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: STEP_UP_TEXTS.undoBadLink });
      for (const payload of [{}, { token: "" }, { token: "a".repeat(201) }, { token: 7 }]) {
        expect((await undo(payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("tries are limited per client address (429), and another address is not held back", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await undo({ token: `guess-${i}` }, "203.0.113.9")).statusCode);
      expect(codes.slice(0, 20).every((code) => code === 400)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      expect((await undo({ token: "guess" }, "203.0.113.10")).statusCode).toBe(400);
    });
  },
  { seed: false },
);
