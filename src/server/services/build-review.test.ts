import { describe, expect, it } from "vitest";
import { Conflict, Forbidden, Invalid } from "../errors";
import {
  initialReview,
  REVIEW_NOTES_MAX,
  REVIEW_STATES,
  transition,
  type ReviewEvent,
  type ReviewState,
  type ReviewStateName,
} from "./build-review";

const NOW = new Date("2026-12-07T12:00:00Z");
const LATER = new Date("2026-12-08T09:00:00Z");
const at = (state: ReviewStateName, extra: Partial<ReviewState> = {}): ReviewState => ({
  state,
  notes: null,
  publishAt: null,
  ...extra,
});

describe("build review (D133)", () => {
  it("starts as a draft", () => {
    expect(initialReview()).toEqual({ state: "draft", notes: null, publishAt: null });
  });

  it("submit: a creator sends a draft or a build sent back; nobody is notified", () => {
    for (const from of ["draft", "changes_requested"] as const) {
      const { next, notice } = transition(at(from, { notes: "x" }), { type: "submit", actor: "creator" }, NOW);
      expect(next).toEqual({ state: "submitted", notes: "x", publishAt: null });
      expect(notice).toBeNull();
    }
  });

  it("request changes: staff send a submitted build back with notes, and the creators are told", () => {
    for (const actor of ["staff", "admin"] as const) {
      const { next, notice } = transition(
        at("submitted"),
        { type: "request_changes", actor, notes: " Too loud " },
        NOW,
      );
      expect(next).toEqual({ state: "changes_requested", notes: "Too loud", publishAt: null });
      expect(notice).toBe("changes_requested");
    }
  });

  it("request changes: needs notes, at most the limit", () => {
    const send = (notes: string) => () =>
      transition(at("submitted"), { type: "request_changes", actor: "staff", notes }, NOW);
    expect(send("   ")).toThrow(Invalid);
    expect(send("x".repeat(REVIEW_NOTES_MAX + 1))).toThrow(Invalid);
    expect(send("x".repeat(REVIEW_NOTES_MAX))).not.toThrow();
  });

  it("approve now (or at a time already past): live at once", () => {
    for (const publishAt of [undefined, NOW, new Date(NOW.getTime() - 1000)]) {
      const { next, notice } = transition(at("submitted"), { type: "approve", actor: "staff", publishAt }, NOW);
      expect(next).toEqual({ state: "live", notes: null, publishAt: null });
      expect(notice).toBe("live");
    }
  });

  it("approve for later: approved until then, the creators told it is scheduled", () => {
    const { next, notice } = transition(at("submitted"), { type: "approve", actor: "admin", publishAt: LATER }, NOW);
    expect(next).toEqual({ state: "approved", notes: null, publishAt: LATER });
    expect(notice).toBe("scheduled");
    expect(() =>
      transition(at("submitted"), { type: "approve", actor: "admin", publishAt: new Date("nope") }, NOW),
    ).toThrow(Invalid);
  });

  it("publish due: the scheduler makes an approved build live once its time has come, not before", () => {
    const approved = at("approved", { publishAt: LATER });
    expect(() => transition(approved, { type: "publish_due", actor: "scheduler" }, NOW)).toThrow(Conflict);
    const { next, notice } = transition(approved, { type: "publish_due", actor: "scheduler" }, LATER);
    expect(next).toEqual({ state: "live", notes: null, publishAt: null });
    expect(notice).toBe("live");
  });

  it("publish: an admin publishes directly from any state but live", () => {
    for (const from of ["draft", "submitted", "changes_requested", "approved"] as const) {
      const { next, notice } = transition(at(from, { publishAt: LATER }), { type: "publish", actor: "admin" }, NOW);
      expect(next).toEqual({ state: "live", notes: null, publishAt: null });
      expect(notice).toBe("live");
    }
    expect(() => transition(at("live"), { type: "publish", actor: "admin" }, NOW)).toThrow(Conflict);
  });

  it("refuses every other move with Conflict", () => {
    const allowed: Record<ReviewEvent["type"], readonly ReviewStateName[]> = {
      submit: ["draft", "changes_requested"],
      request_changes: ["submitted"],
      approve: ["submitted"],
      publish_due: ["approved"],
      publish: ["draft", "submitted", "changes_requested", "approved"],
    };
    const events: ReviewEvent[] = [
      { type: "submit", actor: "creator" },
      { type: "request_changes", actor: "staff", notes: "n" },
      { type: "approve", actor: "staff" },
      { type: "publish_due", actor: "scheduler" },
      { type: "publish", actor: "admin" },
    ];
    for (const event of events)
      for (const state of REVIEW_STATES) {
        if (allowed[event.type].includes(state)) continue;
        expect(() => transition(at(state, { publishAt: NOW }), event, LATER), `${event.type} from ${state}`).toThrow(
          Conflict,
        );
      }
  });

  it("refuses the wrong actor with Forbidden: creators cannot review or publish, staff cannot publish directly", () => {
    const cases: ReviewEvent[] = [
      { type: "submit", actor: "staff" },
      { type: "request_changes", actor: "creator", notes: "n" },
      { type: "approve", actor: "creator" },
      { type: "publish_due", actor: "admin" },
      { type: "publish", actor: "creator" },
      { type: "publish", actor: "staff" },
    ];
    for (const event of cases) expect(() => transition(at("submitted"), event, NOW), event.type).toThrow(Forbidden);
  });

  it("never changes the state it was given", () => {
    const before = at("submitted");
    const copy = structuredClone(before);
    transition(before, { type: "approve", actor: "staff", publishAt: LATER }, NOW);
    expect(before).toEqual(copy);
  });
});
