import { BUILD_REVIEW_STATES, REVIEW_NOTES_MAX, type BuildReviewState } from "../../contract/studio-constants";
import { Conflict, Forbidden, Invalid } from "../errors";

/**
 * Contract: the review of a build (D133), as a pure state machine: no database, no clock of its own, no HTTP types.
 * - States: `draft` (uploaded, not sent), `submitted` (waiting in the staff queue), `changes_requested` (staff sent it
 *   back with notes), `approved` (to go live at `publishAt`), `live`.
 * - Events and who may send them:
 *   - `submit` (a creator of the game): draft or changes_requested → submitted.
 *   - `request_changes` (staff; notes required, at most REVIEW_NOTES_MAX): submitted → changes_requested.
 *   - `approve` (staff; `publishAt` absent or not after `now`: live at once; later: approved until then):
 *     submitted → live | approved.
 *   - `publish_due` (the scheduler, the job of src/server/jobs/): approved whose `publishAt` has come → live.
 *   - `publish` (an admin, directly, skipping review): any state but live → live.
 *   Anything else is refused: the wrong actor is Forbidden, a move the state does not allow is Conflict, bad notes or
 *   a date are Invalid. The state given is never changed; a new one is returned.
 * - Each accepted event answers the notice the game's creators get (`notice`), or null when the creators caused it
 *   themselves (a submit); the staff queue is everything in `submitted`.
 */

export const REVIEW_STATES = BUILD_REVIEW_STATES;
export type ReviewStateName = BuildReviewState;
export { REVIEW_NOTES_MAX };

export type ReviewState = {
  state: ReviewStateName;
  /** the staff's notes of the last request for changes */
  notes: string | null;
  /** when an approved build goes live */
  publishAt: Date | null;
};

export type ReviewActor = "creator" | "staff" | "admin" | "scheduler";

export type ReviewEvent =
  | { type: "submit"; actor: ReviewActor }
  | { type: "request_changes"; actor: ReviewActor; notes: string }
  | { type: "approve"; actor: ReviewActor; publishAt?: Date }
  | { type: "publish_due"; actor: ReviewActor }
  | { type: "publish"; actor: ReviewActor };

export type ReviewNotice = "changes_requested" | "approved" | "scheduled" | "live";

const WHO: Record<ReviewEvent["type"], readonly ReviewActor[]> = {
  submit: ["creator"],
  // an admin is staff too
  request_changes: ["staff", "admin"],
  approve: ["staff", "admin"],
  publish_due: ["scheduler"],
  publish: ["admin"],
};

/** A build's state before anything happened to it: a draft. */
export function initialReview(): ReviewState {
  return { state: "draft", notes: null, publishAt: null };
}

export function transition(
  current: ReviewState,
  event: ReviewEvent,
  now: Date,
): { next: ReviewState; notice: ReviewNotice | null } {
  if (!WHO[event.type].includes(event.actor))
    throw new Forbidden(`A ${event.actor} cannot ${event.type.replace("_", " ")}`);
  const refuse = () => new Conflict(`A build that is ${current.state.replace("_", " ")} cannot be ${verb(event.type)}`);
  switch (event.type) {
    case "submit":
      if (current.state !== "draft" && current.state !== "changes_requested") throw refuse();
      return { next: { state: "submitted", notes: current.notes, publishAt: null }, notice: null };
    case "request_changes": {
      if (current.state !== "submitted") throw refuse();
      const notes = event.notes.trim();
      if (!notes) throw new Invalid("Say what should change");
      if (notes.length > REVIEW_NOTES_MAX)
        throw new Invalid(`Notes must be at most ${REVIEW_NOTES_MAX.toLocaleString("en-US")} characters`);
      return { next: { state: "changes_requested", notes, publishAt: null }, notice: "changes_requested" };
    }
    case "approve": {
      if (current.state !== "submitted") throw refuse();
      const at = event.publishAt;
      if (at !== undefined && Number.isNaN(at.getTime())) throw new Invalid("The publishing time is not a date");
      if (at === undefined || at.getTime() <= now.getTime())
        return { next: { state: "live", notes: null, publishAt: null }, notice: "live" };
      return { next: { state: "approved", notes: null, publishAt: at }, notice: "scheduled" };
    }
    case "publish_due":
      if (current.state !== "approved" || !current.publishAt || current.publishAt.getTime() > now.getTime())
        throw refuse();
      return { next: { state: "live", notes: null, publishAt: null }, notice: "live" };
    case "publish":
      if (current.state === "live") throw refuse();
      return { next: { state: "live", notes: null, publishAt: null }, notice: "live" };
  }
}

function verb(type: ReviewEvent["type"]): string {
  return {
    submit: "submitted",
    request_changes: "sent back",
    approve: "approved",
    publish_due: "published yet",
    publish: "published",
  }[type];
}
