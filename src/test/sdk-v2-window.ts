/**
 * The game-side SDK script sdk/v2.js, evaluated in a fresh jsdom window per test. In a frame, `window.parent` is a
 * stand-in whose postMessage is a spy; the page's replies and events are dispatched as message events whose source
 * is that stand-in. A test file calls `afterEach(closeSdkWindows)`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { vi } from "vitest";
import { repoRoot } from "./paths";

/** sdk/v2.js as served */
export const SDK_V2_SOURCE = readFileSync(path.join(repoRoot, "sdk", "v2.js"), "utf8");
const GAME_URL = "http://127.0.0.1:5001/game-frame/5/";

export type SdkError = Error & { code: string };
export type GameWindow<Sdk> = Window & typeof globalThis & { eval(source: string): unknown; Arcadium: Sdk };
type Jsdom = { window: GameWindow<unknown> };

const require = createRequire(import.meta.url);
const { JSDOM, VirtualConsole } = require("jsdom") as {
  JSDOM: new (html: string, options: Record<string, unknown>) => Jsdom;
  VirtualConsole: new () => unknown;
};

const open: Array<GameWindow<unknown>> = [];
/** The SDK's timers still set: a call nobody answered would time out 10 s later, during another file's tests. */
const timers = new Set<ReturnType<typeof setTimeout>>();

/** Clears the SDK's timers, the fake clock and the windows of the test that ends. */
export function closeSdkWindows() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  vi.useRealTimers();
  for (const win of open.splice(0)) win.close();
}

export type Posted = { v: number; id: string; type: string; payload: Record<string, unknown> };

/** A fresh game window with the SDK loaded: in a frame (parent stand-in) unless `framed` is false. */
export function loadSdk<Sdk>({
  framed = true,
  before,
}: { framed?: boolean; before?: (win: GameWindow<Sdk>) => void } = {}) {
  // A silent console: the tests spy on the SDK's logs instead of seeing them.
  const dom = new JSDOM("<!doctype html>", {
    runScripts: "outside-only",
    url: GAME_URL,
    virtualConsole: new VirtualConsole(),
  });
  const win = dom.window as GameWindow<Sdk>;
  open.push(win);
  // The SDK's timers run on the test's (possibly fake) clock.
  win.setTimeout = ((fn: () => void, ms?: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  }) as typeof win.setTimeout;
  win.clearTimeout = ((t?: ReturnType<typeof setTimeout>) => {
    if (t !== undefined) timers.delete(t);
    clearTimeout(t);
  }) as typeof win.clearTimeout;
  const parent = { postMessage: vi.fn() };
  if (framed) Object.defineProperty(win, "parent", { value: parent, configurable: true });
  before?.(win);
  win.eval(SDK_V2_SOURCE);
  const posted = (): Posted[] => parent.postMessage.mock.calls.map((c: unknown[]) => c[0] as Posted);
  const last = (): Posted => posted()[posted().length - 1];
  /** A message from the page (or, with `source`, from another window). */
  const send = (data: unknown, source: unknown = parent) => {
    win.dispatchEvent(new win.MessageEvent("message", { data, source: source as MessageEventSource }));
  };
  const reply = (id: string, body: Record<string, unknown>) => send({ v: 2, id, ...body });
  return { win, sdk: win.Arcadium, parent, posted, last, send, reply };
}

/** Resolves with the settled state of a promise without waiting for it to settle. */
export async function settledState<T>(promise: Promise<T>): Promise<"pending" | "fulfilled" | "rejected"> {
  let s: "pending" | "fulfilled" | "rejected" = "pending";
  promise.then(
    () => (s = "fulfilled"),
    () => (s = "rejected"),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return s;
}
