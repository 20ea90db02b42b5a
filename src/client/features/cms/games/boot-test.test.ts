import { describe, expect, it, vi } from "vitest";
import { BootRecorder, bootFrameUrl } from "./boot-test";

const FRAME_URL = "http://127.0.0.1:5001/game-frame/7/";
const HASH = "a".repeat(64);

function setUp() {
  let now = 0;
  const recorder = new BootRecorder(FRAME_URL, () => now);
  const frame = { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
  const send = (data: unknown, origin = "http://127.0.0.1:5001", source: unknown = frame) =>
    recorder.hear({ data, origin, source: source as Window }, frame);
  return { recorder, frame, send, at: (ms: number) => (now = ms) };
}

describe("the boot test (D132)", () => {
  it("asks the games origin for the probe on the game's own address", () => {
    expect(bootFrameUrl(FRAME_URL)).toBe(`${FRAME_URL}?arcadium-boot-test=1`);
    expect(bootFrameUrl(`${FRAME_URL}?a=1#x`)).toBe(`${FRAME_URL}?a=1&arcadium-boot-test=1#x`);
  });

  it("hears only its own frame on the games origin", () => {
    const { recorder, send } = setUp();
    expect(send({ arcadiumBootProbe: 1, type: "error", payload: { message: "x" } }, "http://evil.test")).toBe(false);
    expect(send({ arcadiumBootProbe: 1, type: "error", payload: { message: "x" } }, undefined, {})).toBe(false);
    expect(recorder.errors).toEqual([]);
  });

  it("times the first frame (a canvas drawing over the page being ready) and gameplayStart (v1)", () => {
    const { recorder, send, at } = setUp();
    at(80);
    recorder.frameLoaded();
    at(100);
    send({ arcadiumBootProbe: 1, type: "frame", payload: { by: "dom" } });
    at(250);
    send({ arcadiumBootProbe: 1, type: "frame", payload: { by: "canvas" } });
    at(900);
    send({ v: 1, type: "gameplay.start", payload: {} });
    at(950);
    send({ v: 1, type: "gameplay.start", payload: {} });
    expect(recorder.result(HASH, true, "UA")).toMatchObject({
      started: true,
      firstFrameMs: 250,
      firstFrameBy: "canvas",
      gameplayStartMs: 900,
      errors: [],
    });
  });

  it("answers SDK v2's init as a guest's and hears its gameplay.start", () => {
    const { recorder, frame, send, at } = setUp();
    send({ v: 2, id: "1", type: "init", payload: {} });
    expect(frame.postMessage).toHaveBeenCalledWith(
      {
        v: 2,
        id: "1",
        ok: true,
        result: { user: null, settings: { muted: true, locale: "en", reducedMotion: false } },
      },
      "http://127.0.0.1:5001",
    );
    send({ v: 2, id: "2", type: "data.setItem", payload: { key: "k", value: "v" } });
    send({ v: 2, id: "3", type: "data.getItem", payload: { key: "k" } });
    expect(frame.postMessage).toHaveBeenLastCalledWith(
      { v: 2, id: "3", ok: true, result: "v" },
      "http://127.0.0.1:5001",
    );
    at(1200);
    send({ v: 2, id: "4", type: "gameplay.start", payload: {} });
    expect(recorder.gameplayStartAt).toBe(1200);
  });

  it("keeps at most 20 errors of 300 characters", () => {
    const { recorder, send } = setUp();
    for (let i = 0; i < 25; i++)
      send({ arcadiumBootProbe: 1, type: "error", payload: { message: `e${i}${"x".repeat(400)}` } });
    expect(recorder.errors).toHaveLength(20);
    expect(recorder.errors[0]).toHaveLength(300);
  });

  it("did not start: no gameplayStart from a game with an SDK; a game without one started when it painted", () => {
    const { recorder, send, at } = setUp();
    expect(recorder.result(HASH, true, "UA")).toMatchObject({ started: false, firstFrameMs: null, firstFrameBy: null });
    at(300);
    send({ arcadiumBootProbe: 1, type: "frame", payload: { by: "dom" } });
    expect(recorder.result(HASH, true, "UA").started).toBe(false);
    expect(recorder.result(HASH, false, "UA")).toMatchObject({ started: true, firstFrameMs: 300, firstFrameBy: "dom" });
  });

  it("keeps the picture, or says why there is none", () => {
    const { recorder, send } = setUp();
    expect(recorder.result(HASH, true, "UA").pictureNote).toMatch(/did not answer/);
    send({ arcadiumBootProbe: 1, type: "picture", payload: { picture: null, note: "The game draws no canvas." } });
    expect(recorder.result(HASH, true, "UA")).toMatchObject({
      picture: null,
      pictureNote: "The game draws no canvas.",
    });
    send({
      arcadiumBootProbe: 1,
      type: "picture",
      payload: { picture: `data:image/jpeg;base64,${"A".repeat(300_000)}` },
    });
    expect(recorder.result(HASH, true, "UA")).toMatchObject({
      picture: null,
      pictureNote: expect.stringMatching(/200 KB/),
    });
  });
});
