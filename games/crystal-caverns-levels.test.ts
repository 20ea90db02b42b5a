/**
 * Crystal Caverns (games/crystal-caverns/game.js): every cave can be completed.
 *
 * The level maps (`const LEVELS = [...]`) and the physics constants are read FROM game.js, so this test
 * fails when someone later moves a ledge out of reach, widens a pit or weakens the jump.
 *
 * Game rules the solver relies on (read from game.js; `rule()` below fails loudly if they change):
 *  - tiles are T px; `#` rock blocks in every direction; `-` ledges are one-way (the player jumps up through
 *    them and lands on them from above, and can never drop through); `^` spikes cost a life when the player
 *    touches a hitbox inset into the tile;
 *  - columns outside the map are rock (side walls), rows above it are air, and falling below it costs a
 *    life, so every opening in the bottom row is a bottomless pit;
 *  - a jump sets vy = -JUMP_V; gravity is GRAV, times 2.4 while rising with the button released (short
 *    hops); the run speed is RUN, reached with a 14/s blend on the ground and a 6/s blend in the air;
 *  - a crystal is picked up when the player's centre comes near the crystal's centre;
 *  - touching the door ends the cave. The door is never locked (crystals only add score) and the game keeps
 *    only the last `D` of a map, but this test demands the full run: every crystal, then the door.
 *
 * Solver: breadth-first search over (standing spot, crystals collected so far).
 *  - A standing spot is an air tile with rock or a ledge directly below it; the player (smaller than a
 *    tile) stands centred in it.
 *  - Edges: walk to a neighbouring spot; step off an edge and drop; or a jump. A jump is a short input
 *    script (take-off speed, how long the button is held, which way to steer and from when) played through
 *    a copy of the game's own movement code (moveX/moveY, one-way ledges, sliding along walls) until the
 *    player lands, touches the door, or dies (spikes, pit). Crystals touched on the way are collected.
 *  - Conservative on purpose: the simulated player has gravity GRAV / 0.9, i.e. 90% of the real jump
 *    height and 90% of the real airtime (so 90% of the horizontal reach at RUN). It always takes off from
 *    the centre of a tile (never from the lip of a ledge), uses no coyote time, and needs one tile of
 *    run-up for a full-speed jump.
 *  - Enemies are treated as avoidable: slimes patrol a floor and can be stomped, bats fly a fixed figure
 *    in the open; none of them closes a passage for good, so they are not simulated.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const gameJs = readFileSync(path.join(repoRoot, "games", "crystal-caverns", "game.js"), "utf8");

/** The capture groups of `re` in game.js, as numbers; throws when the code no longer matches. */
function numbers(re: RegExp, what: string): number[] {
  const m = gameJs.match(re);
  if (!m) throw new Error(`game.js changed: cannot find ${what} (${re})`);
  return m.slice(1).map(Number);
}
/** Asserts that game.js still has a rule the solver copies. */
function rule(re: RegExp, what: string): void {
  expect(re.test(gameJs), `game.js changed: rule "${what}" not found (${re})`).toBe(true);
}

// ---------- physics, from game.js ----------
const [T] = numbers(/\bT = (\d+)/, "tile size T");
const [GRAV] = numbers(/\bGRAV = (\d+)/, "gravity GRAV");
const [JUMP_V] = numbers(/\bJUMP_V = (\d+)/, "jump velocity JUMP_V");
const [RUN] = numbers(/\bRUN = (\d+)/, "run speed RUN");
const [PW, PH] = numbers(/const player = \{[^}]*\bw: (\d+), h: (\d+)/, "player size");
const [GROUND_BLEND, AIR_BLEND] = numbers(/dt \* \(p\.onGround \? ([\d.]+) : ([\d.]+)\)/, "run acceleration");
const [RELEASED] = numbers(/p\.vy < 0 && !isJump\(\) \? ([\d.]+) : 1/, "gravity factor with the jump button released");
const [MAX_FALL] = numbers(/p\.vy = Math\.min\(p\.vy, (\d+)\)/, "maximum fall speed");
const [PICK_X, PICK_Y] = numbers(
  /Math\.abs\(p\.x \+ p\.w \/ 2 - cr\.x\) < (\d+) && Math\.abs\(p\.y \+ p\.h \/ 2 - cr\.y\) < (\d+)/,
  "crystal pick-up distance",
);
const [SPIKE_X, SPIKE_Y, SPIKE_W, SPIKE_H] = numbers(
  /tileAt\(c, r\) === '\^' && overlap\(p, \{ x: c \* T \+ (\d+), y: r \* T \+ (\d+), w: T - (\d+), h: T - (\d+) \}\)/,
  "spike hitbox",
);

/** 90% of the theoretical reach: the simulated player falls with gravity GRAV / 0.9. */
const MARGIN = 0.9;
const G = GRAV / MARGIN;
const JUMP_HEIGHT = JUMP_V ** 2 / (2 * GRAV); // px: h = v² / 2g
const JUMP_WIDTH = RUN * ((2 * JUMP_V) / GRAV); // px: run speed × airtime of a jump back to take-off height
const tiles = (px: number) => (px / T).toFixed(2);
const DT = 1 / 60; // the game runs at the display's frame rate (dt capped at 1/30 s), 2 sub-steps per frame

// ---------- levels, from game.js ----------
interface Level {
  name: string;
  rows: string[];
}
function readLevels(): Level[] {
  const start = gameJs.indexOf("const LEVELS = [");
  const end = gameJs.indexOf("\n  ];", start);
  if (start < 0 || end < 0) throw new Error("game.js changed: cannot find `const LEVELS = [ ... ];`");
  // The array literal is plain data (names and strings); evaluate it in an empty sandbox.
  const literal = gameJs.slice(start + "const LEVELS = ".length, end + "\n  ]".length);
  return vm.runInNewContext(`(${literal})`, {}, { timeout: 1000 }) as Level[];
}
const LEVELS = readLevels();

// ---------- the solver ----------
interface Spot {
  c: number;
  r: number;
}
interface Body {
  x: number; // top-left corner of the player's box, px
  y: number;
  vx: number;
  vy: number;
  onGround: boolean;
}
/** A jump: take-off speed, seconds the button is held, and the direction held from `steerFrom` on. */
interface Jump {
  runUp: number;
  hold: number;
  steer: -1 | 0 | 1;
  steerFrom: number;
}
const DOOR = -1;
interface Edge {
  to: number; // index of the spot where the move ends, or DOOR
  crystals: number; // bitmask of the crystals picked up on the way
}
interface Solution {
  crystals: Spot[];
  reachableCrystals: number; // bitmask: crystals that can be picked up at all
  doorReachable: boolean;
  completable: boolean; // the door can be reached with every crystal collected
}

const JUMPS: Jump[] = [];
for (const runUp of [-RUN, -RUN / 2, 0, RUN / 2, RUN])
  for (const hold of [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, Infinity])
    for (const steer of [-1, 0, 1] as const)
      for (const steerFrom of steer === Math.sign(runUp) ? [0] : [0, 0.1, 0.2, 0.3, 0.4])
        JUMPS.push({ runUp, hold, steer, steerFrom });

function solve(level: Level): Solution {
  const rows = level.rows.length;
  const cols = Math.max(...level.rows.map((r) => r.length));
  const ch = (c: number, r: number) => level.rows[r]?.[c] ?? ".";
  // Same as the game's loadLevel + tileAt: only # - ^ are tiles, everything else is air.
  const tileAt = (c: number, r: number): string => {
    if (c < 0 || c >= cols) return "#";
    if (r < 0 || r >= rows) return ".";
    const t = ch(c, r);
    return t === "#" || t === "-" || t === "^" ? t : ".";
  };
  const solid = (c: number, r: number) => tileAt(c, r) === "#";
  const supports = (c: number, r: number) => tileAt(c, r) === "#" || tileAt(c, r) === "-";
  const overlap = (a: Body, x: number, y: number, w: number, h: number) =>
    a.x < x + w && a.x + PW > x && a.y < y + h && a.y + PH > y;

  // Copies of the game's moveX / moveY.
  function moveX(o: Body, dx: number): boolean {
    o.x += dx;
    const r0 = Math.floor(o.y / T),
      r1 = Math.floor((o.y + PH - 0.01) / T);
    const c = Math.floor(dx > 0 ? (o.x + PW) / T : o.x / T);
    if (dx !== 0)
      for (let r = r0; r <= r1; r++)
        if (solid(c, r)) {
          o.x = dx > 0 ? c * T - PW - 0.01 : (c + 1) * T + 0.01;
          return true;
        }
    return false;
  }
  function moveY(o: Body, dy: number): number {
    const oldBottom = o.y + PH;
    o.y += dy;
    const c0 = Math.floor(o.x / T),
      c1 = Math.floor((o.x + PW - 0.01) / T);
    if (dy > 0) {
      const r = Math.floor((o.y + PH) / T);
      for (let c = c0; c <= c1; c++) {
        const t = tileAt(c, r);
        if (t === "#" || (t === "-" && oldBottom <= r * T + 0.5)) {
          o.y = r * T - PH;
          return 1;
        }
      }
    } else if (dy < 0) {
      const r = Math.floor(o.y / T);
      for (let c = c0; c <= c1; c++)
        if (solid(c, r)) {
          o.y = (r + 1) * T + 0.01;
          return -1;
        }
    }
    return 0;
  }

  const crystals: Spot[] = [];
  let door: Spot | null = null;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (ch(c, r) === "*") crystals.push({ c, r });
      if (ch(c, r) === "D") door = { c, r }; // like the game: the last D is the door
    }
  const spots: Spot[] = [];
  const index = new Map<string, number>();
  for (let r = 0; r < rows - 1; r++)
    for (let c = 0; c < cols; c++)
      if (tileAt(c, r) === "." && supports(c, r + 1)) {
        index.set(`${c},${r}`, spots.length);
        spots.push({ c, r });
      }
  const spotAt = (c: number, r: number) => index.get(`${c},${r}`);
  const standing = (s: Spot): Body => ({
    x: (s.c + 0.5) * T - PW / 2,
    y: (s.r + 1) * T - PH,
    vx: 0,
    vy: 0,
    onGround: true,
  });

  /** Crystals the player touches at this position (bitmask), and whether it touches the door. */
  function touches(p: Body): { crystals: number; door: boolean; dead: boolean } {
    let got = 0;
    crystals.forEach((cr, k) => {
      if (Math.abs(p.x + PW / 2 - (cr.c + 0.5) * T) < PICK_X && Math.abs(p.y + PH / 2 - (cr.r + 0.5) * T) < PICK_Y)
        got |= 1 << k;
    });
    let dead = p.y > rows * T; // in a pit: nothing to land on any more
    for (let r = Math.floor(p.y / T); r <= Math.floor((p.y + PH) / T); r++)
      for (let c = Math.floor(p.x / T); c <= Math.floor((p.x + PW) / T); c++)
        if (tileAt(c, r) === "^" && overlap(p, c * T + SPIKE_X, r * T + SPIKE_Y, T - SPIKE_W, T - SPIKE_H)) dead = true;
    const atDoor = door !== null && overlap(p, door.c * T, (door.r - 1) * T, T, 2 * T);
    return { crystals: got, door: atDoor, dead };
  }

  /** Plays a jump (or, with `jump` null, a fall from standing still) through the game's movement code. */
  function fly(p: Body, jump: Jump | null): Edge | null {
    if (jump) p.vy = -JUMP_V;
    p.onGround = false;
    let got = 0;
    for (let t = 0; t < 3; t += DT) {
      const dir = jump ? (t < jump.steerFrom ? Math.sign(jump.runUp) : jump.steer) : 0;
      const held = jump !== null && t < jump.hold;
      p.vx += (dir * RUN - p.vx) * Math.min(1, DT * (p.onGround ? GROUND_BLEND : AIR_BLEND));
      p.vy += G * DT * (p.vy < 0 && !held ? RELEASED : 1);
      p.vy = Math.min(p.vy, MAX_FALL);
      p.onGround = false;
      for (let i = 0; i < 2; i++) {
        if (moveX(p, (p.vx * DT) / 2)) p.vx = 0;
        const hit = moveY(p, (p.vy * DT) / 2);
        if (hit === 1) {
          p.vy = 0;
          p.onGround = true;
        } else if (hit === -1) p.vy = 0;
      }
      const here = touches(p);
      if (here.dead) return null;
      got |= here.crystals;
      if (here.door) return { to: DOOR, crystals: got };
      if (p.onGround) {
        // Landed: stand on the supported tile under the player's centre (or under its other foot).
        const r = Math.round((p.y + PH) / T) - 1;
        const cs = [Math.floor((p.x + PW / 2) / T), Math.floor(p.x / T), Math.floor((p.x + PW - 0.01) / T)];
        const to = cs.map((c) => spotAt(c, r)).find((i) => i !== undefined);
        if (to === undefined) return null;
        const there = touches(standing(spots[to])); // walking to the middle of the tile
        if (there.dead) return null;
        return there.door ? { to: DOOR, crystals: got | there.crystals } : { to, crystals: got | there.crystals };
      }
    }
    return null;
  }

  // Edges out of every spot.
  const edges: Edge[][] = spots.map((s) => {
    const out: Edge[] = [];
    const add = (e: Edge | null) => {
      if (e && !out.some((o) => o.to === e.to && o.crystals === e.crystals)) out.push(e);
    };
    for (const d of [-1, 1]) {
      const next = spotAt(s.c + d, s.r);
      if (next !== undefined) {
        const there = touches(standing(spots[next]));
        add(there.dead ? null : { to: there.door ? DOOR : next, crystals: there.crystals });
      } else if (tileAt(s.c + d, s.r) === ".") {
        add(fly(standing({ c: s.c + d, r: s.r }), null)); // step off the edge and drop
      }
    }
    for (const jump of JUMPS) {
      // A full-speed take-off needs a tile of run-up behind the spot.
      if (Math.abs(jump.runUp) === RUN && spotAt(s.c - Math.sign(jump.runUp), s.r) === undefined) continue;
      add(fly({ ...standing(s), vx: jump.runUp }, jump));
    }
    return out;
  });

  // Breadth-first search over (spot, crystals collected so far); the door ends the cave.
  const all = (1 << crystals.length) - 1;
  const result: Solution = { crystals, reachableCrystals: 0, doorReachable: false, completable: false };
  const pRow = level.rows.findIndex((row) => row.includes("P"));
  const start = pRow < 0 ? undefined : spotAt(level.rows[pRow].indexOf("P"), pRow);
  if (start === undefined) return result;
  const startMask = touches(standing(spots[start])).crystals;
  const seen = new Set<number>([start * (all + 1) + startMask]);
  const queue: Array<[number, number]> = [[start, startMask]];
  result.reachableCrystals = startMask;
  for (let q = 0; q < queue.length; q++) {
    const [at, mask] = queue[q];
    for (const e of edges[at]) {
      const m = mask | e.crystals;
      result.reachableCrystals |= m;
      if (e.to === DOOR) {
        result.doorReachable = true;
        result.completable ||= m === all;
      } else if (!seen.has(e.to * (all + 1) + m)) {
        seen.add(e.to * (all + 1) + m);
        queue.push([e.to, m]);
      }
    }
  }
  return result;
}

// ---------- tests ----------
describe("Crystal Caverns physics (read from game.js)", () => {
  it(`a jump reaches ${tiles(JUMP_HEIGHT)} tiles high and ${tiles(JUMP_WIDTH)} tiles across; the solver uses 90%: ${tiles(
    MARGIN * JUMP_HEIGHT,
  )} high, ${tiles(MARGIN * JUMP_WIDTH)} across`, () => {
    expect(PW).toBeLessThanOrEqual(T); // the solver assumes the player fits in one tile
    expect(PH).toBeLessThanOrEqual(T);
    expect(JUMP_HEIGHT).toBeGreaterThan(T); // at least a one-tile step can be climbed
    expect(JUMP_WIDTH).toBeGreaterThan(T);
  });

  it("game.js still has the rules the solver copies: side walls, open sky, deadly pits, rock-only walls, one-way ledges", () => {
    rule(/if \(c < 0 \|\| c >= cols\) return '#'/, "columns outside the map are rock");
    rule(/if \(r < 0 \|\| r >= rows\) return '\.'/, "rows outside the map are air");
    rule(/if \(p\.y > rows \* T \+ \d+\) \{[^}]*hurt\(\)/, "falling below the map costs a life");
    rule(/const solid = \(c, r\) => tileAt\(c, r\) === '#'/, "only rock blocks sideways and upward movement");
    rule(/t === '#' \|\| \(t === '-' && oldBottom <= r \* T \+ 0\.5\)/, "ledges only catch a player falling onto them");
  });

  // The solver must be able to say no. Tile counts derive from the constants (3 and 4, 3 and 8 today).
  const stepOk = Math.floor((MARGIN * JUMP_HEIGHT) / T),
    stepTooHigh = Math.ceil(JUMP_HEIGHT / T);
  const pitOk = Math.floor((MARGIN * JUMP_WIDTH) / T) - 1,
    pitTooWide = Math.ceil(JUMP_WIDTH / T) + 2;
  it(`the solver climbs a ${stepOk}-tile step and clears a ${pitOk}-tile pit, but neither a ${stepTooHigh}-tile step (higher than the real jump) nor a pit of ${pitTooWide} tiles`, () => {
    // Door on top of a rock step k tiles high.
    const step = (k: number): Level => ({
      name: `step ${k}`,
      rows: Array.from({ length: k + 4 }, (_, r) => {
        if (r === k + 3) return "############";
        if (r === 2) return "..........D.";
        if (r > 2) return (r === k + 2 ? "..P....." : "........") + "####";
        return "............";
      }),
    });
    expect(solve(step(stepOk)).completable).toBe(true);
    expect(solve(step(stepTooHigh)).doorReachable).toBe(false);
    // Door beyond a bottomless pit g tiles wide.
    const pit = (g: number): Level => ({
      name: `pit ${g}`,
      rows: [".".repeat(g + 12), "..P" + ".".repeat(g + 7) + "D.", "####" + ".".repeat(g) + "########"],
    });
    expect(solve(pit(pitOk)).completable).toBe(true);
    expect(solve(pit(pitTooWide)).doorReachable).toBe(false);
  });
});

describe.each(LEVELS.map((level, i) => ({ level, cave: `cave ${i + 1} "${level.name}"` })))("$cave", ({ level }) => {
  const count = (chr: string) => level.rows.join("").split(chr).length - 1;

  it("is a rectangular map of legend characters with exactly one start P, a door D (the game uses the last) and crystals", () => {
    for (const row of level.rows) {
      expect(row).toHaveLength(level.rows[0].length);
      expect(row).toMatch(/^[.#\-^*PDef]*$/);
    }
    expect(count("P")).toBe(1);
    expect(count("D")).toBeGreaterThanOrEqual(1);
    expect(count("*")).toBeGreaterThan(0);
  });

  it("is bounded: P and D stand on ground and no jump leaves through the top (side walls and deadly pits are game rules)", () => {
    const rows = level.rows;
    for (const chr of ["P", "D"]) {
      const r = rows.findIndex((row) => row.includes(chr)),
        c = rows[r].lastIndexOf(chr);
      expect(r, `${chr} is above the bottom row`).toBeLessThan(rows.length - 1);
      expect("#-", `${chr} at column ${c}, row ${r} stands on rock or a ledge`).toContain(rows[r + 1][c]);
    }
    // Side walls come from the game (columns outside the map are rock). Above the map is air, so the
    // highest place to stand must leave room for a full jump with the player's head still inside the map.
    const highest = rows.findIndex((row, r) =>
      [...row].some((t, c) => !"#-^".includes(t) && "#-".includes(rows[r + 1]?.[c] ?? ".")),
    );
    expect((highest + 1) * T - PH - JUMP_HEIGHT).toBeGreaterThanOrEqual(0);
    // Below the map the game takes a life (asserted from game.js above); the solver treats every opening in
    // the bottom row as a deadly pit, so no route in the next test goes through one.
  });

  it("can be completed: from P every crystal can be collected and then the door reached, without spikes or pits", () => {
    const s = solve(level);
    const missed = s.crystals
      .filter((_, k) => !(s.reachableCrystals & (1 << k)))
      .map((c) => `column ${c.c}, row ${c.r}`);
    expect(missed, "crystals out of reach").toEqual([]);
    expect(s.doorReachable, "the door can be reached").toBe(true);
    expect(s.completable, "the door can be reached with every crystal collected").toBe(true);
  });
});
