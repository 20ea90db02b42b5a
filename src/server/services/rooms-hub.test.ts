import { describe, expect, it } from "vitest";
import { NOTIFY_MAX_BYTES, type PgListener } from "./pg-listener";
import { RoomsHub } from "./rooms-hub";

/** Stands in for PostgreSQL: every payload of a NOTIFY reaches the channel's handlers, in order. */
function fakeDatabase() {
  const handlers = new Map<string, (payload: string) => void>();
  const sent: string[] = [];
  const listener = {
    mode: "postgres" as const,
    on(channel: string, handler: (payload: string) => void) {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    async notifyAll(channel: string, payloads: string[]) {
      for (const payload of payloads) {
        sent.push(payload);
        handlers.get(channel)?.(payload);
      }
      return true;
    },
  };
  return { listener: listener as unknown as PgListener, sent };
}

describe("RoomsHub", () => {
  it("packs a turn's messages into payloads under the limit, splits a large one and keeps their order", async () => {
    const db = fakeDatabase();
    const from = new RoomsHub(db.listener, "aaa1");
    const to = new RoomsHub(db.listener, "bbb2");
    const heard: unknown[] = [];
    to.onMessage((message) => heard.push(message));
    const messages = [
      { n: 0 },
      { n: 1, text: "é".repeat(9000) },
      ...Array.from({ length: 200 }, (_, i) => ({ n: i + 2, text: "small" })),
      { n: 202, text: "😀".repeat(5000) },
    ];
    for (const message of messages) from.send("bbb2", message);
    await from.settled();
    expect(heard).toEqual(messages);
    expect(db.sent.every((payload) => Buffer.byteLength(payload, "utf8") < NOTIFY_MAX_BYTES)).toBe(true);
    // 200 small messages share a few payloads
    expect(db.sent.length).toBeLessThan(30);
  });

  it("sends what is queued while a NOTIFY is on its way in one next NOTIFY, in order", async () => {
    const db = fakeDatabase();
    const rounds: Array<() => void> = [];
    const deliver = db.listener.notifyAll.bind(db.listener);
    // PostgreSQL takes a while to answer: each NOTIFY completes when the test lets it
    db.listener.notifyAll = (channel, payloads) =>
      new Promise((resolve) => rounds.push(() => void deliver(channel, payloads).then(resolve)));
    const from = new RoomsHub(db.listener, "aaa1");
    const to = new RoomsHub(db.listener, "bbb2");
    const heard: unknown[] = [];
    to.onMessage((message) => heard.push(message));
    from.send("bbb2", 0);
    await new Promise((resolve) => setImmediate(resolve));
    for (let n = 1; n <= 50; n++) {
      from.send("bbb2", n);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(rounds).toHaveLength(1);
    const settled = from.settled();
    for (let done = 0; done < rounds.length; done++) {
      rounds[done]!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await settled;
    expect(heard).toEqual(Array.from({ length: 51 }, (_, n) => n));
    // a turn a NOTIFY would be 51 rounds, each waiting for the one before it
    expect(rounds).toHaveLength(2);
  });

  it("drops parts that arrive out of order rather than join them wrongly", () => {
    const db = fakeDatabase();
    const to = new RoomsHub(db.listener, "bbb2");
    const heard: unknown[] = [];
    to.onMessage((message) => heard.push(message));
    void db.listener.notifyAll("arcadium_rooms_bbb2", ['Caaa1-1:1:2:"x"', 'Caaa1-1:0:2:"y', "B[1,2]", "nonsense"]);
    expect(heard).toEqual([1, 2]);
  });
});
