import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BEACON_MAX_IMPRESSIONS } from "@contract/numbers-constants";
import { BEACON_DELAY_MS, createNumbersBeacon } from "./numbers-beacon";

describe("the counting beacon (D134)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function beacon(page = { path: "/" }) {
    const sent: Array<{ impressions: number[]; view: number | null }> = [];
    const b = createNumbersBeacon(
      (body) => sent.push(body),
      () => page.path,
    );
    return { b, sent, page };
  }

  it("sends the cards seen once per page view, together after a short wait", () => {
    const { b, sent, page } = beacon();
    b.impression(1);
    b.impression(2);
    b.impression(1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(BEACON_DELAY_MS);
    expect(sent).toEqual([{ impressions: [1, 2], view: null }]);
    b.impression(2);
    vi.advanceTimersByTime(BEACON_DELAY_MS);
    expect(sent).toHaveLength(1);
    page.path = "/category/puzzle";
    b.impression(2);
    vi.advanceTimersByTime(BEACON_DELAY_MS);
    expect(sent.at(-1)).toEqual({ impressions: [2], view: null });
  });

  it("never sends more cards in one batch than the server takes", () => {
    const { b, sent } = beacon();
    for (let id = 1; id <= BEACON_MAX_IMPRESSIONS + 5; id++) b.impression(id);
    expect(sent).toHaveLength(1);
    expect(sent[0].impressions).toHaveLength(BEACON_MAX_IMPRESSIONS);
    vi.advanceTimersByTime(BEACON_DELAY_MS);
    expect(sent[1].impressions).toEqual([61, 62, 63, 64, 65]);
  });

  it("sends a page view with the cards, and a second game's view in its own batch", () => {
    const { b, sent } = beacon({ path: "/game/4" });
    b.pageView(4);
    b.impression(7);
    b.pageView(5);
    expect(sent).toEqual([{ impressions: [7], view: 4 }]);
    b.flush();
    expect(sent[1]).toEqual({ impressions: [], view: 5 });
    b.flush();
    expect(sent).toHaveLength(2);
  });
});
