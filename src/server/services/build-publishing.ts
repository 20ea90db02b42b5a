import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { GameHiddenReason } from "../../contract/feeds-constants";
import type { BuildReviewState } from "../../contract/studio-constants";
import type { Db } from "../db/client";
import { gameBuildsTable, gameCreatorsTable, gamesTable, packageChecksTable, usersTable } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { transition, type ReviewActor, type ReviewEvent, type ReviewNotice, type ReviewState } from "./build-review";
import type { FileStore } from "./file-store";
import { makeBuildLive } from "./game-builds";
import { notify, type NotifyDeps } from "./notifications";

/**
 * Contract: the review of builds (D133) kept in `game_builds`, over the pure rules of build-review.ts. No HTTP types.
 * - `submitBuild` (a creator of the game; the route checks that), `requestChanges` and `approveBuild` (staff),
 *   `publishBuild` (an admin: a build not yet live goes live skipping review; one already published is made live
 *   again, the rollback), `publishDueBuilds` (the scheduler's job) each read the build's row under a lock, ask
 *   `transition`, and write the new state with who and when. A step that goes live makes the build live through
 *   game-builds.ts `makeBuildLive`, the rollback's path, in the same transaction: if copying fails, nothing changed.
 * - A build going live through review shows its game when the game was a creator's hidden draft (D130): staff
 *   approving its first build is staff showing it.
 * - `rollBackAsCreator`: the game's creators may make live again only a build that was published before (its
 *   state is live); anything else would skip review (409).
 * - Each step the creators did not take themselves notifies every creator of the game but the one who took it: a
 *   `build_review` notification linking to /studio, with the staff's notes when changes were requested.
 * - `reviewQueue`: the builds waiting for staff (submitted, oldest first), then the approved ones waiting for
 *   their time, each with its game, its uploader and the status of the game's latest check report (D132).
 */

export type PublishingDeps = NotifyDeps & { site: { dataDir: string; files: FileStore } };

type Step = { actor: ReviewActor; userId: number | null };

const REVIEW_COLUMNS = {
  id: gameBuildsTable.id,
  state: gameBuildsTable.reviewState,
  notes: gameBuildsTable.reviewNotes,
  publishAt: gameBuildsTable.publishAt,
};

async function applyEvent(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  event: ReviewEvent,
  userId: number | null,
  now: Date,
): Promise<{ state: ReviewState; notice: ReviewNotice | null }> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select(REVIEW_COLUMNS)
      .from(gameBuildsTable)
      .where(and(eq(gameBuildsTable.gameId, gameId), eq(gameBuildsTable.number, number)))
      .for("update");
    if (!row) throw new NotFound("Build not found");
    const { next, notice } = transition({ state: row.state, notes: row.notes, publishAt: row.publishAt }, event, now);
    const stamps =
      event.type === "submit"
        ? { submittedAt: now, submittedBy: userId }
        : event.type === "request_changes" || event.type === "approve"
          ? { reviewedAt: now, reviewedBy: userId }
          : {};
    const published = next.state === "live" ? { publishedAt: now, publishedBy: userId } : {};
    await tx
      .update(gameBuildsTable)
      .set({ reviewState: next.state, reviewNotes: next.notes, publishAt: next.publishAt, ...stamps, ...published })
      .where(eq(gameBuildsTable.id, row.id));
    if (next.state === "live") {
      await makeBuildLive(tx, deps.site, gameId, number, now);
      await tx
        .update(gamesTable)
        .set({ hiddenReason: null, updatedAt: now })
        .where(and(eq(gamesTable.id, gameId), eq(gamesTable.hiddenReason, "draft")));
    }
    return { state: next, notice };
  });
  if (result.notice) await notifyCreators(deps, gameId, number, result.notice, result.state, userId, now);
  return result;
}

function noticeText(number: number, notice: ReviewNotice, state: ReviewState): string {
  switch (notice) {
    case "changes_requested":
      return `build ${number} needs changes: ${state.notes ?? ""}`;
    case "scheduled":
      return `build ${number} is approved and goes live on ${state.publishAt?.toISOString().slice(0, 16).replace("T", " ")} UTC`;
    case "approved":
      return `build ${number} is approved`;
    case "live":
      return `build ${number} is live`;
  }
}

async function notifyCreators(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  notice: ReviewNotice,
  state: ReviewState,
  actorId: number | null,
  now: Date,
): Promise<void> {
  const creators = await deps.db
    .select({ userId: gameCreatorsTable.userId })
    .from(gameCreatorsTable)
    .where(eq(gameCreatorsTable.gameId, gameId));
  const text = noticeText(number, notice, state);
  for (const { userId } of creators) {
    if (userId === actorId) continue;
    await notify(deps, userId, "build_review", { gameId, text, link: "/studio" }, now);
  }
}

/** A creator sends a draft (or a build sent back) to the staff's queue. */
export async function submitBuild(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  userId: number,
  now = new Date(),
): Promise<void> {
  await applyEvent(deps, gameId, number, { type: "submit", actor: "creator" }, userId, now);
}

/** Staff send a submitted build back with notes (required). */
export async function requestChanges(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  step: Step & { notes: string },
  now = new Date(),
): Promise<void> {
  await applyEvent(
    deps,
    gameId,
    number,
    { type: "request_changes", actor: step.actor, notes: step.notes },
    step.userId,
    now,
  );
}

/** Staff approve a submitted build: live now, or at `publishAt` when that is later. Answers the state it is in. */
export async function approveBuild(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  step: Step & { publishAt?: Date },
  now = new Date(),
): Promise<BuildReviewState> {
  const event: ReviewEvent = step.publishAt
    ? { type: "approve", actor: step.actor, publishAt: step.publishAt }
    : { type: "approve", actor: step.actor };
  return (await applyEvent(deps, gameId, number, event, step.userId, now)).state.state;
}

/** An admin makes a build live: directly, skipping review, or again (a rollback) when it was published before. */
export async function publishBuild(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  adminId: number,
  now = new Date(),
): Promise<void> {
  if ((await reviewStateOf(deps.db, gameId, number)) === "live") {
    await makeBuildLive(deps.db, deps.site, gameId, number, now);
    return;
  }
  await applyEvent(deps, gameId, number, { type: "publish", actor: "admin" }, adminId, now);
}

/** D133: a creator's rollback; only to a build that was published before. */
export async function rollBackAsCreator(
  deps: PublishingDeps,
  gameId: number,
  number: number,
  now = new Date(),
): Promise<void> {
  if ((await reviewStateOf(deps.db, gameId, number)) !== "live")
    throw new Conflict("Only a build that was published before can be made live again; submit it for review");
  await makeBuildLive(deps.db, deps.site, gameId, number, now);
}

async function reviewStateOf(db: Db, gameId: number, number: number): Promise<BuildReviewState> {
  const [row] = await db
    .select({ state: gameBuildsTable.reviewState })
    .from(gameBuildsTable)
    .where(and(eq(gameBuildsTable.gameId, gameId), eq(gameBuildsTable.number, number)));
  if (!row) throw new NotFound("Build not found");
  return row.state;
}

/**
 * The scheduler (jobs/publish-approved-builds.ts): every approved build whose time has come goes live, oldest time
 * first. A build that fails (its files gone) is logged and left approved for the next run. Answers how many went live.
 */
export async function publishDueBuilds(
  deps: PublishingDeps,
  now = new Date(),
  log?: { warn(details: object, message: string): void },
): Promise<number> {
  const due = await deps.db
    .select({ gameId: gameBuildsTable.gameId, number: gameBuildsTable.number })
    .from(gameBuildsTable)
    .where(and(eq(gameBuildsTable.reviewState, "approved"), lte(gameBuildsTable.publishAt, now)))
    .orderBy(asc(gameBuildsTable.publishAt), asc(gameBuildsTable.id))
    .limit(500);
  let published = 0;
  for (const build of due) {
    try {
      await applyEvent(deps, build.gameId, build.number, { type: "publish_due", actor: "scheduler" }, null, now);
      published += 1;
    } catch (err) {
      log?.warn({ err, ...build }, "could not publish an approved build");
    }
  }
  return published;
}

export type ReviewQueueItem = {
  game: { id: number; title: string; hiddenReason: GameHiddenReason | null; liveBuild: number | null };
  number: number;
  notes: string;
  bytes: number;
  files: number;
  uploadedBy: { id: number; username: string } | null;
  createdAt: string;
  state: "submitted" | "approved";
  submittedAt: string | null;
  publishAt: string | null;
  /** the status of the game's latest package check report, null when it has none */
  checks: "pass" | "warning" | "fail" | null;
};

/** The staff's queue: submitted builds, oldest first, then approved ones by their time. */
export async function reviewQueue(db: Db, limit = 200): Promise<ReviewQueueItem[]> {
  const latestCheck = sql<"pass" | "warning" | "fail" | null>`(
    select ${packageChecksTable.status} from ${packageChecksTable}
    where ${packageChecksTable.gameId} = ${gameBuildsTable.gameId}
    order by ${packageChecksTable.checkedAt} desc limit 1)`;
  const rows = await db
    .select({
      gameId: gamesTable.id,
      title: gamesTable.title,
      hiddenReason: gamesTable.hiddenReason,
      liveBuild: gamesTable.liveBuild,
      number: gameBuildsTable.number,
      notes: gameBuildsTable.notes,
      bytes: gameBuildsTable.bytes,
      files: gameBuildsTable.files,
      createdAt: gameBuildsTable.createdAt,
      state: gameBuildsTable.reviewState,
      submittedAt: gameBuildsTable.submittedAt,
      publishAt: gameBuildsTable.publishAt,
      userId: usersTable.id,
      username: usersTable.username,
      checks: latestCheck,
    })
    .from(gameBuildsTable)
    .innerJoin(gamesTable, eq(gamesTable.id, gameBuildsTable.gameId))
    .leftJoin(usersTable, eq(usersTable.id, gameBuildsTable.uploadedBy))
    .where(inArray(gameBuildsTable.reviewState, ["submitted", "approved"]))
    .orderBy(
      desc(eq(gameBuildsTable.reviewState, "submitted")),
      asc(sql`coalesce(${gameBuildsTable.publishAt}, ${gameBuildsTable.submittedAt})`),
      asc(gameBuildsTable.id),
    )
    .limit(limit);
  return rows.map((r) => ({
    game: { id: r.gameId, title: r.title, hiddenReason: r.hiddenReason, liveBuild: r.liveBuild },
    number: r.number,
    notes: r.notes,
    bytes: Number(r.bytes),
    files: r.files,
    uploadedBy: r.userId !== null && r.username !== null ? { id: r.userId, username: r.username } : null,
    createdAt: r.createdAt.toISOString(),
    state: r.state === "approved" ? "approved" : "submitted",
    submittedAt: r.submittedAt?.toISOString() ?? null,
    publishAt: r.publishAt?.toISOString() ?? null,
    checks: r.checks ?? null,
  }));
}
