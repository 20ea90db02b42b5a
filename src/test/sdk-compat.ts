/**
 * D77: helpers for the portal adapters' tests (sdk/compat/*.js). A fake window.Arcadium v2 (sdk/v2.d.ts) that
 * records every call, keeps its cloud saves in a Map and can emit page events; and a loader that evaluates an
 * adapter's text in the test's jsdom window, as the browser would after /sdk/v2.js.
 */
import fs from "node:fs";
import path from "node:path";
import { vi } from "vitest";
import { decideAd, rewardWithoutAd, type AdPolicyInput, type AdPolicySettings } from "../server/services/ad-policy";
import { wrapAdapter } from "../server/services/compat-scripts";
import { repoRoot } from "./paths";

export type FakeCall = { name: string; args: unknown[] };

export type FakeArcadium = {
  calls: FakeCall[];
  saves: Map<string, string>;
  emit(event: string, payload?: unknown): void;
  names(): string[];
  sdk: Record<string, unknown>;
};

export type FakeUser = { id: number; username: string; avatarUrl: string | null } | null;

export function fakeArcadium(
  options: {
    user?: FakeUser;
    muted?: boolean;
    saves?: Record<string, string>;
    /** what init() answers of the invite link the page was opened with (D122) */
    invite?: { inviteCode?: string; inviteParams?: Record<string, string> };
    /**
     * D151/D153: the page's ad answers, decided by the real policy (services/ad-policy.ts) from these facts; `fill`
     * says whether the provider has an ad when the policy allows one. Default: no provider.
     */
    ads?: { settings?: Partial<AdPolicySettings>; facts?: Partial<Omit<AdPolicyInput, "settings">>; fill?: boolean };
  } = {},
): FakeArcadium {
  const calls: FakeCall[] = [];
  const saves = new Map(Object.entries(options.saves ?? {}));
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const record =
    <T>(name: string, answer: (...args: unknown[]) => T) =>
    (...args: unknown[]) => {
      calls.push({ name, args });
      return Promise.resolve(answer(...args));
    };
  const sdk = {
    version: 2,
    init: record("init", () => ({
      user: options.user ?? null,
      settings: { muted: options.muted ?? false, locale: "en", reducedMotion: false },
      ...options.invite,
    })),
    gameplay: { start: record("gameplay.start", () => undefined), stop: record("gameplay.stop", () => undefined) },
    loading: { progress: record("loading.progress", () => undefined), done: record("loading.done", () => undefined) },
    happyTime: record("happyTime", () => undefined),
    scores: { submit: record("scores.submit", () => undefined) },
    data: {
      getItem: record("data.getItem", (key) => saves.get(String(key)) ?? null),
      setItem: record("data.setItem", (key, value) => void saves.set(String(key), String(value))),
      removeItem: record("data.removeItem", (key) => void saves.delete(String(key))),
      clear: record("data.clear", () => saves.clear()),
      keys: record("data.keys", () => [...saves.keys()]),
    },
    achievements: { unlock: record("achievements.unlock", () => ({ unlocked: false })) },
    rooms: {
      setOwnRoom: record("rooms.setOwnRoom", () => undefined),
      showInviteButton: record("rooms.showInviteButton", () => undefined),
      hideInviteButton: record("rooms.hideInviteButton", () => undefined),
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      calls.push({ name: "on", args: [event] });
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return () => undefined;
    },
    track: record("track", () => undefined),
    ads: {
      break: record("ads.break", (type, opts) => adAnswer(String(type), opts).break),
      reward: record("ads.reward", (opts) => adAnswer("reward", opts).reward),
    },
  };
  function adAnswer(placement: string, opts: unknown) {
    const settings: AdPolicySettings = {
      provider: "none",
      firstAdAfterSeconds: 60,
      minSecondsBetweenAds: 120,
      rewardWhenOff: "grant",
      gamesOff: [],
      ...options.ads?.settings,
    };
    const now = new Date("2026-12-07T12:00:00Z");
    const decision = decideAd({
      settings,
      schoolMode: false,
      gameId: 1,
      sessionStartedAt: new Date(now.getTime() - 600_000),
      lastAdAt: null,
      now,
      ...options.ads?.facts,
      placement: placement as AdPolicyInput["placement"],
    });
    const shown = decision.allowed && options.ads?.fill === true;
    if (shown) (opts as { onStart?: () => void } | undefined)?.onStart?.();
    const reason = decision.allowed ? (shown ? "shown" : "no_fill") : decision.reason;
    return { break: { shown, reason }, reward: { granted: shown || rewardWithoutAd(settings) } };
  }
  return {
    calls,
    saves,
    sdk,
    emit: (event, payload) => (listeners.get(event) ?? []).forEach((l) => l(payload)),
    names: () => calls.map((c) => c.name),
  };
}

const GLOBALS = ["Arcadium", "PokiSDK", "CrazyGames", "gdsdk", "GD_OPTIONS"] as const;

/** Installs the fake as window.Arcadium and evaluates sdk/compat/{name}.js in this window (a fresh copy each time). */
export function loadAdapter(name: "poki" | "crazygames" | "gamedistribution", arcadium: FakeArcadium | null): void {
  const w = window as unknown as Record<string, unknown>;
  for (const g of GLOBALS) if (g !== "GD_OPTIONS") delete w[g];
  if (arcadium) w.Arcadium = arcadium.sdk;
  const dir = path.join(repoRoot, "sdk", "compat");
  // as the games origin serves it (services/compat-scripts.ts): the shared helper and the adapter in one scope
  const source = wrapAdapter(
    fs.readFileSync(path.join(dir, "common.js"), "utf8"),
    fs.readFileSync(path.join(dir, `${name}.js`), "utf8"),
  );
  new Function(source)();
}

export function resetAdapterGlobals(): void {
  const w = window as unknown as Record<string, unknown>;
  for (const g of GLOBALS) delete w[g];
}

/** Lets queued promise callbacks and zero-delay timers run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** console.warn, captured: the adapters' "not supported" warnings. */
export function captureWarnings() {
  return vi.spyOn(console, "warn").mockImplementation(() => undefined);
}

/** Undoes the tests' console.warn / console.info spies and the referrer stub (not console.error: fail-on-console owns it). */
export function restoreSpies(): void {
  for (const name of ["warn", "info"] as const) {
    const fn = console[name];
    if (vi.isMockFunction(fn)) fn.mockRestore();
  }
  const referrer = Object.getOwnPropertyDescriptor(document, "referrer")?.get;
  if (referrer && vi.isMockFunction(referrer)) referrer.mockRestore();
}
