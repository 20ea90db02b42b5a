/**
 * Table Tennis online (D123): the pure parts in games/table-tennis/net.js, run as the browser runs them (the file
 * is evaluated with a `window` of its own): snapshot and input messages, the checks on what the other player sends,
 * the guest's interpolation between the host's snapshots, the mirrored view, the score of an online match and the
 * invite link.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

type Snapshot = {
  tick: number;
  ball: { u: number; v: number; vu: number; vv: number };
  paddles: [number, number];
  points: [number, number];
  phase: string;
  countdown: number;
  target: number;
};
type Interpolation = {
  push(snap: Snapshot, nowMs: number): boolean;
  sample(nowMs: number): Snapshot | null;
  size(): number;
};
type Net = {
  COURT: { L: number; W: number; HALF: number };
  RATE_MS: number;
  encodeSnapshot(m: Snapshot): unknown[];
  decodeSnapshot(data: unknown): Snapshot | null;
  encodeInput(seq: number, v: number): unknown[];
  decodeInput(data: unknown): { seq: number; v: number } | null;
  mirror(side: number, u: number, v: number): { u: number; v: number };
  clampPaddle(v: unknown): number;
  interpolation(delayMs?: number): Interpolation;
  matchScore(mine: number, theirs: number, target: number, result: "won" | "lost" | "forfeit"): number;
  inviteLink(pathname: string, referrer: string, code: string): string | null;
};

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const source = readFileSync(path.join(repoRoot, "games", "table-tennis", "net.js"), "utf8");

function loadNet(): Net {
  const window: { TableTennisNet?: Net } = {};
  vm.runInNewContext(source, { window });
  return window.TableTennisNet!;
}

const net = loadNet();

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  return {
    tick: 10,
    ball: { u: 8.123, v: 4.5, vu: 9.876, vv: -1.234 },
    paddles: [4.5, 3],
    points: [2, 5],
    phase: "live",
    countdown: 0,
    target: 7,
    ...over,
  };
}

describe("snapshots", () => {
  it("encode to a short array and decode back, rounded to hundredths", () => {
    const encoded = net.encodeSnapshot(snapshot());
    expect(JSON.stringify(encoded).length).toBeLessThan(80);
    expect(net.decodeSnapshot(JSON.parse(JSON.stringify(encoded)))).toEqual(
      snapshot({ ball: { u: 8.12, v: 4.5, vu: 9.88, vv: -1.23 } }),
    );
  });

  it("refuse anything malformed or out of range", () => {
    const good = net.encodeSnapshot(snapshot());
    const bad: unknown[] = [null, "s", { tick: 1 }, good.slice(0, 12), [...good, 1], ["x", ...good.slice(1)]];
    const replace = (i: number, value: unknown) => good.map((x, j) => (j === i ? value : x));
    bad.push(replace(1, -1), replace(1, 1.5), replace(1, "10"));
    bad.push(replace(2, Number.NaN), replace(2, 99), replace(3, -0.5), replace(3, 9.5));
    bad.push(replace(4, 1e6), replace(5, Number.POSITIVE_INFINITY), replace(4, null));
    bad.push(replace(6, -1), replace(7, 10), replace(8, 8), replace(9, -1), replace(9, 2.5));
    bad.push(replace(10, 5), replace(10, -1), replace(11, 11), replace(12, 0), replace(12, 99));
    for (const data of bad) expect(net.decodeSnapshot(data), JSON.stringify(data)).toBeNull();
  });
});

describe("inputs", () => {
  it("carry the paddle, kept on the table", () => {
    expect(net.decodeInput(net.encodeInput(3, 4.444))).toEqual({ seq: 3, v: 4.44 });
    expect(net.decodeInput(net.encodeInput(4, -20))!.v).toBeCloseTo(net.clampPaddle(0));
    expect(net.decodeInput(["i", 5, 0])!.v).toBeCloseTo(net.COURT.HALF * 0.6);
    expect(net.decodeInput(["i", 5, 9])!.v).toBeCloseTo(net.COURT.W - net.COURT.HALF * 0.6);
  });

  it("refuse anything malformed or off the table", () => {
    for (const data of [
      null,
      [],
      ["i", 1],
      ["i", 1, Number.NaN],
      ["i", 1, 9.01],
      ["i", -1, 3],
      ["s", 1, 3],
      ["i", 1, "3"],
    ])
      expect(net.decodeInput(data), JSON.stringify(data)).toBeNull();
    expect(net.clampPaddle(Number.NaN)).toBe(net.COURT.W / 2);
    expect(net.clampPaddle("4")).toBe(net.COURT.W / 2);
  });
});

describe("the mirrored view", () => {
  it("turns the table half a circle for side 1 and leaves side 0's as it is", () => {
    expect(net.mirror(0, 1, 2)).toEqual({ u: 1, v: 2 });
    expect(net.mirror(1, 1, 2)).toEqual({ u: net.COURT.L - 1, v: net.COURT.W - 2 });
    const back = net.mirror(1, net.mirror(1, 3.5, 7).u, net.mirror(1, 3.5, 7).v);
    expect(back).toEqual({ u: 3.5, v: 7 });
  });
});

describe("interpolation between snapshots", () => {
  const at = (tick: number, u: number, paddle: number, over: Partial<Snapshot> = {}) =>
    snapshot({ tick, ball: { u, v: 4, vu: 10, vv: 0 }, paddles: [paddle, paddle], ...over });

  it("draws the ball about two intervals in the past, between the snapshots around that moment", () => {
    const buffer = net.interpolation(net.RATE_MS * 2);
    // tick n arrives at n × 50 ms + 1000 (the clocks differ by a second)
    for (let tick = 0; tick <= 4; tick++) buffer.push(at(tick, tick, 2 + tick * 0.5), 1000 + tick * net.RATE_MS);
    // at 1175 ms the view is 100 ms behind: host time 75 ms, half-way between ticks 1 and 2
    const mid = buffer.sample(1000 + 175)!;
    expect(mid.ball.u).toBeCloseTo(1.5);
    expect(mid.paddles[0]).toBeCloseTo(2.75);
    // before the oldest: the oldest; past the newest: the newest (no guessing ahead)
    expect(buffer.sample(0)!.tick).toBe(0);
    expect(buffer.sample(5000)!.tick).toBe(4);
  });

  it("follows the fastest delivery, so a late snapshot does not pull the view back", () => {
    const buffer = net.interpolation(net.RATE_MS * 2);
    buffer.push(at(0, 0, 2), 1000);
    buffer.push(at(1, 1, 2), 1050 + 40); // 40 ms late
    buffer.push(at(2, 2, 2), 1100);
    expect(buffer.sample(1100 + 100)!.ball.u).toBeCloseTo(2);
    expect(buffer.sample(1150)!.ball.u).toBeCloseTo(1);
  });

  it("ignores snapshots older than the newest, and jumps over a point instead of flying the ball back", () => {
    const buffer = net.interpolation(net.RATE_MS * 2);
    expect(buffer.push(at(5, 10, 2), 1000)).toBe(true);
    expect(buffer.push(at(4, 3, 2), 1001)).toBe(false);
    expect(buffer.push(at(5, 3, 2), 1002)).toBe(false);
    expect(buffer.size()).toBe(1);
    buffer.push(at(6, 15, 2, { phase: "serve", points: [3, 5] }), 1050);
    // half-way between tick 5 (ball at 10, live) and tick 6 (a point: the ball is back for the serve)
    const between = buffer.sample(1025 + 100)!;
    expect(between.ball.u).toBe(15);
    expect(between.points).toEqual([3, 5]);
  });
});

describe("the score of an online match", () => {
  it("counts like the Medium computer: points, and a win by play adds 700 and 100 a point the loser was short", () => {
    expect(net.matchScore(7, 3, 7, "won")).toBe(700 + 700 + 400);
    expect(net.matchScore(3, 7, 7, "lost")).toBe(300);
    expect(net.matchScore(4, 2, 7, "forfeit")).toBe(400);
    // never above the board's maximum (game.json: 5000)
    expect(net.matchScore(7, 0, 7, "won")).toBeLessThanOrEqual(5000);
  });
});

describe("the invite link", () => {
  it("is the game's page on the site with the room's code", () => {
    expect(net.inviteLink("/game-frame/12/", "http://localhost:5000/game/table-tennis", "ABC234")).toBe(
      "http://localhost:5000/game/12?room=ABC234",
    );
    expect(net.inviteLink("/index.html", "http://localhost:5000/", "ABC234")).toBeNull();
    expect(net.inviteLink("/game-frame/12/", "", "ABC234")).toBeNull();
  });
});
