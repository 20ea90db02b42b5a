import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@test/test-app";

/**
 * D123: the online protocol of the two board games (sdk/runtime/online.js) with each game's rules (their ai.js):
 * a state from the other player is taken only when it is one legal move by the player whose turn it was, or the
 * rematch of a finished game.
 */
type Board = number[];
type Game = {
  v: number;
  round: number;
  seats: [string, string];
  board: Board;
  next: 0 | 1 | null;
  winner: 0 | 1 | null;
  last: number;
  moves: number;
};
type Rules = {
  initial(): Board;
  validBoard(b: unknown): boolean;
  legal(b: Board, move: number, seat: number): boolean;
  apply(b: Board, move: number, seat: number): { board: Board; next: 0 | 1 | null; winner: 0 | 1 | null };
};
type Protocol = {
  parseGame(raw: unknown, rules: Rules): Game | null;
  newGame(seats: [string, string], round: number, rules: Rules): Game;
  play(game: Game, move: number, rules: Rules): Game | null;
  rematch(game: Game, rules: Rules): Game;
  follows(current: Game | null, incoming: Game, from: string | null, rules: Rules): boolean;
};

/** A script of the games origin as Node would load a CommonJS module: what it puts in module.exports. */
function load(file: string): unknown {
  const module = { exports: {} as unknown };
  vm.runInNewContext(fs.readFileSync(file, "utf8"), { module, Int8Array, Array, Number, JSON });
  return module.exports;
}
const online = load(path.join(repoRoot, "sdk/runtime/online.js")) as Protocol;
const four = (load(path.join(repoRoot, "games/four-in-a-row/ai.js")) as { rules: Rules }).rules;
const reversi = (load(path.join(repoRoot, "games/reversi/ai.js")) as { rules: Rules }).rules;

const A = "u1";
const B = "g2";

function playAll(game: Game, moves: number[], rules: Rules): Game {
  return moves.reduce((g, m) => {
    const next = online.play(g, m, rules);
    if (!next) throw new Error(`move ${m} is not legal`);
    return next;
  }, game);
}

describe("Four in a Row online (D123)", () => {
  it("a vertical four by the first mover ends the game with them as the winner", () => {
    const start = online.newGame([A, B], 1, four);
    const end = playAll(start, [0, 1, 0, 1, 0, 1, 0], four);
    expect(end).toMatchObject({ next: null, winner: 0, last: 0, moves: 7 });
    expect(online.play(end, 2, four)).toBeNull();
  });

  it("takes one legal move by the player whose turn it was, and nothing else", () => {
    const start = online.newGame([A, B], 1, four);
    const moved = online.play(start, 3, four)!;
    expect(online.follows(start, moved, A, four)).toBe(true);
    expect(online.follows(start, moved, B, four), "written by the one who was not to move").toBe(false);
    const twice = online.play(moved, 3, four)!;
    expect(online.follows(start, twice, A, four), "two moves at once").toBe(false);
    const tampered = { ...moved, board: moved.board.map((v, i) => (i === 6 ? 1 : v)) };
    expect(online.follows(start, tampered, A, four), "a disc more than the move").toBe(false);
    const turnKept = { ...moved, next: 0 as const };
    expect(online.follows(start, turnKept, A, four), "the turn kept").toBe(false);
  });

  it("the first game is a new board written by the player who joined second", () => {
    const start = online.newGame([A, B], 1, four);
    expect(online.follows(null, start, B, four)).toBe(true);
    expect(online.follows(null, start, A, four), "by the one who waited").toBe(false);
    expect(online.follows(null, online.play(start, 3, four)!, B, four), "with a move made already").toBe(false);
    expect(online.follows(null, { ...start, round: 4 }, B, four)).toBe(false);
    expect(online.follows(null, online.play(start, 3, four)!, null, four), "told after a reconnect").toBe(true);
  });

  it("a rematch follows only a finished game, with the other player moving first", () => {
    const start = online.newGame([A, B], 1, four);
    expect(online.follows(start, online.rematch(start, four), B, four)).toBe(false);
    const end = playAll(start, [0, 1, 0, 1, 0, 1, 0], four);
    const again = online.rematch(end, four);
    expect(again).toMatchObject({ round: 2, seats: [B, A], next: 0, moves: 0 });
    expect(online.follows(end, again, B, four)).toBe(true);
    expect(online.follows(end, again, "u3", four), "by someone not in the game").toBe(false);
  });

  it("refuses malformed states", () => {
    const good = online.newGame([A, B], 1, four);
    expect(online.parseGame(JSON.parse(JSON.stringify(good)), four)).toEqual(good);
    const floating = [...good.board];
    floating[1] = 1; // column 0, row 1 above an empty row 0
    for (const bad of [
      null,
      "x",
      { ...good, v: 2 },
      { ...good, seats: [A, A] },
      { ...good, seats: [A] },
      { ...good, next: 2 },
      { ...good, next: 0, winner: 1 },
      { ...good, board: floating },
      { ...good, board: good.board.slice(1) },
      { ...good, board: good.board.map(() => 7) },
      { ...good, round: 0 },
    ])
      expect(online.parseGame(bad, four), JSON.stringify(bad)).toBeNull();
  });
});

describe("Reversi online (D123)", () => {
  it("black (seat 0) has the four opening moves, and a move flips", () => {
    const start = online.newGame([A, B], 1, reversi);
    const legal = [...Array(64).keys()].filter((i) => reversi.legal(start.board, i, 0));
    expect(legal).toEqual([19, 26, 37, 44]);
    const moved = online.play(start, 19, reversi)!;
    expect(moved.board[19]).toBe(1);
    expect(moved.board[27]).toBe(1);
    expect(moved.next).toBe(1);
    expect(online.follows(start, moved, A, reversi)).toBe(true);
    expect(online.follows(start, { ...moved, board: moved.board.map((v, i) => (i === 0 ? 1 : v)) }, A, reversi)).toBe(
      false,
    );
  });

  it("played out, the game ends with the most discs winning (passes keep the turn)", () => {
    let game = online.newGame([A, B], 1, reversi);
    let passes = 0;
    while (game.next !== null) {
      const seat = game.next;
      const move = [...Array(64).keys()].find((i) => reversi.legal(game.board, i, seat))!;
      game = online.play(game, move, reversi)!;
      if (game.next === seat) passes++;
    }
    const black = game.board.filter((v) => v === 1).length;
    const white = game.board.filter((v) => v === -1).length;
    expect(game.winner).toBe(black === white ? null : black > white ? 0 : 1);
    expect(passes).toBeGreaterThanOrEqual(0);
  });
});
