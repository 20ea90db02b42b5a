import { describe, expect, it, vi } from "vitest";
import { createGameplayReporter, type GameplaySend, type ReportedPlay } from "./gameplay-reporter";

/** D86: when the game page reports a play's gameplay start and stop. */

const play = (id: string | null): ReportedPlay => ({ playId: Promise.resolve(id) });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(signedIn = true) {
  const sent: string[] = [];
  const send = vi.fn<GameplaySend>(async (playId, state, { keepalive }) => {
    sent.push(`${playId} ${state}${keepalive ? " keepalive" : ""}`);
  });
  let user = signedIn;
  const reporter = createGameplayReporter({ signedIn: () => user, send });
  return { reporter, sent, send, signIn: (v: boolean) => (user = v) };
}

describe("gameplay reporter (D86)", () => {
  it("reports the game's start and stop for its play, the stop with keepalive", async () => {
    const { reporter, sent } = setUp();
    const a = play("play-a");
    reporter.gameStarted(a);
    reporter.gameStopped();
    await settle();
    expect(sent).toEqual(["play-a start", "play-a stop keepalive"]);
  });

  it("stops while the page is hidden and starts again when it is shown, if the game still runs", async () => {
    const { reporter, sent } = setUp();
    reporter.gameStarted(play("p"));
    reporter.setVisible(false);
    reporter.setVisible(false);
    reporter.setVisible(true);
    reporter.gameStopped();
    reporter.setVisible(false);
    reporter.setVisible(true);
    await settle();
    expect(sent).toEqual(["p start", "p stop keepalive", "p start", "p stop keepalive"]);
  });

  it("a game that starts while the page is hidden is reported once the page is shown", async () => {
    const { reporter, sent } = setUp();
    reporter.setVisible(false);
    reporter.gameStarted(play("p"));
    await settle();
    expect(sent).toEqual([]);
    reporter.setVisible(true);
    await settle();
    expect(sent).toEqual(["p start"]);
  });

  it("a new round's play stops the previous play's gameplay first; a stop goes to the play that started", async () => {
    const { reporter, sent } = setUp();
    const first = play("first");
    const second = play("second");
    reporter.gameStarted(first);
    reporter.gameStarted(second);
    reporter.gameStopped();
    await settle();
    expect(sent).toEqual(["first start", "first stop keepalive", "second start", "second stop keepalive"]);
  });

  it("a repeated start of the same play is sent again (the server counts up to it)", async () => {
    const { reporter, sent } = setUp();
    const p = play("p");
    reporter.gameStarted(p);
    reporter.gameStarted(p);
    await settle();
    expect(sent).toEqual(["p start", "p start"]);
  });

  it("sends nothing for a guest, nor for a play that could not be opened", async () => {
    const guest = setUp(false);
    guest.reporter.gameStarted(play("p"));
    guest.reporter.gameStopped();
    const player = setUp();
    player.reporter.gameStarted(play(null));
    player.reporter.gameStopped();
    await settle();
    expect(guest.sent).toEqual([]);
    expect(player.sent).toEqual([]);
  });

  it("on pagehide the stop leaves at once, without waiting for earlier reports", async () => {
    const { reporter, sent, send } = setUp();
    let release!: () => void;
    send.mockImplementationOnce(async (playId, state) => {
      await new Promise<void>((resolve) => (release = resolve));
      sent.push(`${playId} ${state} (slow)`);
    });
    reporter.gameStarted(play("p"));
    await settle();
    reporter.pageHidden();
    expect(sent).toEqual(["p stop keepalive"]);
    release();
    await settle();
    expect(sent).toEqual(["p stop keepalive", "p start (slow)"]);
    // shown again from the back/forward cache: counts again
    reporter.setVisible(true);
    await settle();
    expect(sent.at(-1)).toBe("p start");
  });

  it("reports go out in order: a stop waits for its start to be answered", async () => {
    const { reporter, sent, send } = setUp();
    let release!: () => void;
    send.mockImplementationOnce(async (playId, state) => {
      await new Promise<void>((resolve) => (release = resolve));
      sent.push(`${playId} ${state}`);
    });
    reporter.gameStarted(play("p"));
    reporter.gameStopped();
    await settle();
    expect(sent).toEqual([]);
    release();
    await settle();
    expect(sent).toEqual(["p start", "p stop keepalive"]);
  });

  it("close() stops what runs; a failed report is only passed to onError and later ones still go", async () => {
    const errors: unknown[] = [];
    const sent: string[] = [];
    const send = vi.fn<GameplaySend>(async (playId, state) => {
      if (state === "start" && sent.length === 0) {
        sent.push("failed");
        throw new Error("offline");
      }
      sent.push(`${playId} ${state}`);
    });
    const reporter = createGameplayReporter({ signedIn: () => true, send, onError: (e) => errors.push(e) });
    reporter.gameStarted(play("p"));
    await settle();
    reporter.close();
    await settle();
    expect(sent).toEqual(["failed", "p stop"]);
    expect(errors).toHaveLength(1);
  });
});
