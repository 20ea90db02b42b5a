import { BEACON_MAX_IMPRESSIONS } from "@contract/numbers-constants";

/**
 * D134: the pages' counting beacon. Game cards seen in a grid (half in view, each at most once per page view) and
 * the game page viewed are sent in batches to POST /api/numbers/beacon: game ids only, no cookie, no identifier.
 * Best effort: a failure loses the batch and nothing else.
 */

type Send = (body: { impressions: number[]; view: number | null }) => void;

const defaultSend: Send = (body) => {
  void fetch("/api/numbers/beacon", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "omit",
    keepalive: true,
  }).catch(() => undefined);
};

/** How long seen cards wait for others before the batch leaves (a scroll shows several at once). */
export const BEACON_DELAY_MS = 2_000;

export function createNumbersBeacon(send: Send = defaultSend, pageOf: () => string = () => location.pathname) {
  let page = "";
  const seen = new Set<number>();
  let pending: number[] = [];
  let view: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** A new page view (another path) counts its cards again. */
  function samePage() {
    const now = pageOf();
    if (now !== page) {
      flush();
      page = now;
      seen.clear();
    }
  }
  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0 && view === null) return;
    send({ impressions: pending, view });
    pending = [];
    view = null;
  }
  function later() {
    if (pending.length >= BEACON_MAX_IMPRESSIONS) flush();
    else timer ??= setTimeout(flush, BEACON_DELAY_MS);
  }
  return {
    /** A game card came into view. */
    impression(gameId: number) {
      samePage();
      if (seen.has(gameId)) return;
      seen.add(gameId);
      pending.push(gameId);
      later();
    },
    /** The game's page was opened. */
    pageView(gameId: number) {
      samePage();
      if (view !== null && view !== gameId) flush();
      view = gameId;
      later();
    },
    flush,
    /** Drops what waits, unsent. */
    discard() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
      view = null;
      seen.clear();
    },
  };
}

let beacon: ReturnType<typeof createNumbersBeacon> | null = null;
let observer: IntersectionObserver | null = null;
const cardIds = new WeakMap<Element, number>();

function shared() {
  if (!beacon) {
    beacon = createNumbersBeacon();
    // the batch leaves as the page goes away (keepalive carries it)
    addEventListener("pagehide", () => beacon?.flush());
  }
  return beacon;
}

/** Counts the card once it is half in view; answers the function that stops watching it. */
export function watchGameCard(el: Element, gameId: number): () => void {
  if (typeof IntersectionObserver === "undefined") return () => undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const id = cardIds.get(entry.target);
        if (id !== undefined) shared().impression(id);
      }
    },
    { threshold: 0.5 },
  );
  cardIds.set(el, gameId);
  observer.observe(el);
  return () => observer?.unobserve(el);
}

/** Counts a view of the game's page. */
export function countGamePageView(gameId: number): void {
  if (typeof window === "undefined") return;
  shared().pageView(gameId);
}

/** Tests: the page's batch dropped unsent (the test files of a worker share this module and its timer). */
export function resetNumbersBeacon(): void {
  beacon?.discard();
  observer?.disconnect();
  observer = null;
}
