import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { Forbidden, Unauthorized } from "../../errors";
import { requireUser } from "../../plugins/auth";
import { actorOf, audit, type AuditRecord } from "../../services/audit";
import { createMailer } from "../../services/mailer";
import { hitRateLimit } from "../../services/rate-limit-counter";
import type { SessionUser } from "../../services/sessions";
import { assertStaffMayAct } from "../../services/two-step";
import { adminAdReportRoutes } from "./ad-reports";
import { adminAdRoutes } from "./ads";
import { adminAdsTxtRoutes } from "./ads-txt";
import { adminAnnouncementRoutes } from "./announcements";
import { adminAuditRoutes } from "./audit";
import { adminAuthRoutes } from "./auth";
import { adminBackupRoutes } from "./backups";
import { adminBrokenGameRoutes } from "./broken-games";
import { adminBuildCheckRoutes } from "./build-checks";
import { adminBuildReviewRoutes } from "./build-reviews";
import { adminCategoryRoutes } from "./categories";
import { adminChatRoutes } from "./chat";
import { adminCollectionRoutes } from "./collections";
import { adminCreatorRoutes } from "./creators";
import { adminDashboardRoutes } from "./dashboard";
import { adminFeedRoutes } from "./feeds";
import { adminFormSubmissionRoutes } from "./form-submissions";
import { adminGameAchievementRoutes } from "./game-achievements";
import { adminGameAdsRoutes } from "./game-ads";
import { adminGameRoutes } from "./games";
import { adminJobRoutes } from "./jobs";
import { adminModerationRoutes } from "./moderation";
import { adminReportRoutes } from "./reports";
import { adminScoreRoutes } from "./scores";
import { adminSettingsRoutes } from "./settings";
import { adminSystemRoutes } from "./system";
import { adminTwoStepRoutes } from "./two-step";
import { adminUploadRoutes } from "./uploads";
import { adminUserRoutes } from "./users";
import { adminErrorHandler } from "./validation";
import { adminWebsiteContentRoutes } from "./website-content";

export type AdminRouteEntry = { method: string; url: string; guarded: boolean; moderators: boolean };

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api/admin route of this app with whether the D43 guard is on it (filled as routes are added). */
    adminRouteTable: AdminRouteEntry[];
  }
  interface FastifyRequest {
    /**
     * D99: what a successful admin or moderator write records in the audit log. Set by a route that knows more than
     * its request says (the state before and after); otherwise the hook below records the route, its ids and body.
     */
    auditRecord?: Omit<AuditRecord, "actor" | "ip">;
  }
}

/** D42/D43: the only /api/admin routes reachable without an admin session. */
/** Issue 17: the JSON body limit of staff routes (the site's ordinary limit is 16 KiB, app.ts JSON_BODY_LIMIT). */
export const STAFF_JSON_BODY_LIMIT = 1024 * 1024;

export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/admin/request-otp",
  "POST /api/admin/verify-otp",
  // issue 17: the second step of a staff sign-in with two-step sign-in
  "POST /api/admin/verify-second-factor",
]);

/**
 * D106: an admin who has not set up two-step sign-in (and, while the Settings switch requires it of all staff, a
 * moderator who has not) may use only these admin routes (who they are, and the set-up); every other one answers
 * 403 with TWO_STEP_TEXTS.enrolRequired, and so do the staff powers outside /api/admin (assertStaffMayAct).
 */
export const TWO_STEP_ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/admin/user",
  "GET /api/admin/two-step",
  "POST /api/admin/two-step/setup",
  "POST /api/admin/two-step/confirm",
]);

/**
 * D96: the only /api/admin routes a moderator may use (on a one-time-code session, like an admin): who they are,
 * the reports queue and its actions, the held scores' queue (D108), the broken games (D114), mutes, and deleting chat messages (reviews are deleted through the public
 * route, which lets staff sessions delete any review). Every other admin route answers 403 to a moderator.
 */
export const MODERATOR_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/admin/user",
  "GET /api/admin/reports",
  "POST /api/admin/reports/:id/action",
  "POST /api/admin/moderation/mutes/:userId",
  "DELETE /api/admin/moderation/mutes/:userId",
  "DELETE /api/admin/chat/:id",
  // D108: the queue of scores far above their board
  "GET /api/admin/held-scores",
  "POST /api/admin/held-scores/:id/approve",
  "POST /api/admin/held-scores/:id/reject",
  // D114: the games that may not load, which players' reports feed, and checking one now
  "GET /api/admin/broken-games",
  "POST /api/admin/broken-games/:id/check",
  // issue 17: their own two-step sign-in
  "GET /api/admin/two-step",
  "POST /api/admin/two-step/setup",
  "POST /api/admin/two-step/confirm",
  "POST /api/admin/two-step/disable",
]);

/**
 * decision 008: a successful write under these prefixes changes the public catalogue (games, categories) or what
 * the public pages say about it (website content and site settings: the pages' head tags, issue 13; users: a
 * profile disabled), so it invalidates the cached public reads and pages on every process.
 */
export const CATALOGUE_ADMIN_PREFIXES = [
  "/api/admin/games",
  "/api/admin/categories",
  // D83: the home page's collection tiles and /collection/{slug}
  "/api/admin/collections",
  "/api/admin/website-content",
  "/api/admin/settings",
  "/api/admin/users",
  // D97: a report's action may delete a review (a game's rating) or ban a player (gone from boards and profiles)
  "/api/admin/reports",
  // D93: a removed score or a reset changes the boards, game pages and profiles
  "/api/admin/scores",
  // D114: a check may hide a game that failed for the third time
  "/api/admin/broken-games",
  // D133: a build going live changes a game, and may show a creator's hidden draft
  "/api/admin/build-reviews",
] as const;

export function isAdminUrl(url: string): boolean {
  return url === "/api/admin" || url.startsWith("/api/admin/");
}

/** ADR 020: the refusals of one actor in this window are counted; the log gets the 1st, 10th, 100th … of them. */
export const REFUSAL_LOG_WINDOW_MS = 60 * 60 * 1000;

function isPowerOfTen(n: number): boolean {
  for (let p = 1; p <= n; p *= 10) if (p === n) return true;
  return false;
}

/**
 * D43: 401 without a session, 403 for a non-admin. An admin must also be on an admin session
 * (one-time-code sign-in, 12 h / 30 min idle per D13), not on a 30-day player session.
 * D96: a moderator passes on MODERATOR_ROUTES only. D106: an admin without two-step sign-in (and, with the
 * Settings switch on, a moderator without it) passes on TWO_STEP_ENROLMENT_ROUTES only. D99: a signed-in user
 * refused here is audit-logged (`admin.refused`, bounded per actor: ADR 020); an anonymous 401 is not (every visit
 * to /cms before signing in asks who is there).
 */
function staffGuard(moderators: boolean, enrolment: boolean, db: AppContext["db"]) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = requireUser(request);
    try {
      if (user.role !== "admin" && !(moderators && user.role === "moderator")) throw new Forbidden("Admins only");
      if (user.sessionKind !== "admin") throw new Unauthorized("Please sign in to the admin area with a one-time code");
      if (!enrolment) await assertStaffMayAct(db, user);
    } catch (err) {
      await logRefusal(db, request, user);
      throw err;
    }
  };
}

/** D99 with ADR 020's bound: a player probing /api/admin cannot fill the audit log, and the log still shows it (with a count). */
async function logRefusal(db: AppContext["db"], request: FastifyRequest, user: SessionUser): Promise<void> {
  const logError = (e: unknown) => request.log.warn({ err: e }, "could not write the audit log");
  try {
    const { count } = await hitRateLimit(db, `admin-refused:${user.id}`, 1, REFUSAL_LOG_WINDOW_MS);
    if (!isPowerOfTen(count)) return;
    await audit(
      db,
      {
        actor: actorOf(user),
        action: "admin.refused",
        target: { kind: "route", id: `${request.method} ${request.routeOptions.url}` },
        after: { refusalsThisHour: count },
        ip: request.ip,
      },
      logError,
    );
  } catch (e) {
    logError(e);
  }
}

/** The audit action of a write route without its own record: `games.create`, `users.update`, `chat.delete` … */
function auditAction(method: string, url: string): string {
  const family = url.replace(/^\/api\/admin\/?/, "").split("/")[0] || "admin";
  const verb = method === "POST" ? "create" : method === "DELETE" ? "delete" : "update";
  return `${family}.${verb}`;
}

/**
 * /api/admin/* (issue 7). The guard is attached by an onRoute hook at the root, so that EVERY
 * route under /api/admin (in this plugin or any plugin registered after it, e.g. chat moderation)
 * gets it without having to remember it; only PUBLIC_ADMIN_ROUTES are exempt. The table of those
 * routes feeds the access-matrix test. The same hook marks the catalogue's write routes (decision 008).
 */
export const adminRoutes = fp<AppContext>(
  async (root, ctx) => {
    const table: AdminRouteEntry[] = [];
    root.decorate("adminRouteTable", table);
    root.addHook("onRoute", (route) => {
      if (!isAdminUrl(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (
        methods.some((m) => m !== "GET" && m !== "HEAD") &&
        CATALOGUE_ADMIN_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))
      ) {
        route.config = { ...route.config, changesCatalogue: true };
      }
      const key = (m: string) => `${m === "HEAD" ? "GET" : m} ${route.url}`;
      for (const method of methods) {
        const guarded = !PUBLIC_ADMIN_ROUTES.has(key(method));
        table.push({ method, url: route.url, guarded, moderators: guarded && MODERATOR_ROUTES.has(key(method)) });
      }
      const allPublic = methods.every((m) => PUBLIC_ADMIN_ROUTES.has(key(m)));
      if (allPublic) return;
      const moderators = methods.every((m) => MODERATOR_ROUTES.has(key(m)));
      const enrolment = methods.every((m) => TWO_STEP_ENROLMENT_ROUTES.has(key(m)));
      // Issue 17: staff routes take larger JSON bodies than the site's 16 KiB (a content value is up to 100,000
      // characters); the guard below answers before a body is read, so only staff can send one.
      route.bodyLimit ??= STAFF_JSON_BODY_LIMIT;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [staffGuard(moderators, enrolment, ctx.db) as onRequestHookHandler, ...existing];
      // D99: every successful admin or moderator write is recorded, once, here: before the answer leaves, so that
      // whoever sees the success can already read it in the log.
      if (methods.some((m) => m !== "GET" && m !== "HEAD")) {
        const sendHooks = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
        const record = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
          if (reply.statusCode >= 400 || !request.user || request.method === "GET" || request.method === "HEAD")
            return payload;
          // D93/D96: a removed score, a ban or a hidden player leaves the boards at once on this process (the
          // others' few-second board cache catches up by itself); admin writes are rare, so any of them clears it
          ctx.leaderboardCache.clear();
          const own = request.auditRecord;
          const params = (request.params ?? {}) as Record<string, unknown>;
          const id = params.id ?? params.userId ?? params.key ?? null;
          await audit(
            ctx.db,
            {
              actor: actorOf(request.user),
              ip: request.ip,
              ...(own ?? {
                action: auditAction(request.method, route.url),
                target: {
                  kind: route.url.replace(/^\/api\/admin\/?/, "").split("/")[0] || "admin",
                  id: id === null ? null : String(id),
                },
                after: String(request.headers["content-type"] ?? "").startsWith("multipart/")
                  ? { upload: true }
                  : (request.body ?? null),
              }),
            },
            (err) => request.log.warn({ err }, "could not write the audit log"),
          );
          return payload;
        };
        route.onSend = [...sendHooks, record as never];
      }
    });

    const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom, log: root.log });
    root.addHook("onClose", async () => mailer.close());

    await root.register(async (scopeBase: FastifyInstance) => {
      const scope = scopeBase.withTypeProvider<ZodTypeProvider>();
      scope.setErrorHandler(adminErrorHandler);
      // Admin data is private and changes often: never cached by browsers or proxies.
      scope.addHook("onSend", async (_request, reply) => {
        reply.header("Cache-Control", "no-store");
      });
      await scope.register(adminAuthRoutes, { ...ctx, mailer });
      await scope.register(adminTwoStepRoutes, ctx);
      await scope.register(adminDashboardRoutes, ctx);
      await scope.register(adminGameRoutes, ctx);
      await scope.register(adminGameAchievementRoutes, ctx);
      await scope.register(adminUploadRoutes, ctx);
      await scope.register(adminBuildCheckRoutes, ctx);
      await scope.register(adminCategoryRoutes, ctx);
      await scope.register(adminCollectionRoutes, ctx);
      await scope.register(adminWebsiteContentRoutes, ctx);
      await scope.register(adminUserRoutes, ctx);
      await scope.register(adminCreatorRoutes, ctx);
      await scope.register(adminBuildReviewRoutes, ctx);
      await scope.register(adminSettingsRoutes, { ...ctx, mailer });
      await scope.register(adminAdRoutes, ctx);
      await scope.register(adminAdReportRoutes, ctx);
      await scope.register(adminAdsTxtRoutes, ctx);
      await scope.register(adminGameAdsRoutes, ctx);
      await scope.register(adminFormSubmissionRoutes, ctx);
      await scope.register(adminAnnouncementRoutes, ctx);
      await scope.register(adminReportRoutes, ctx);
      await scope.register(adminBrokenGameRoutes, ctx);
      await scope.register(adminModerationRoutes, ctx);
      await scope.register(adminAuditRoutes, ctx);
      await scope.register(adminScoreRoutes, ctx);
      await scope.register(adminJobRoutes, ctx);
      await scope.register(adminFeedRoutes, ctx);
      await scope.register(adminSystemRoutes, ctx);
      await scope.register(adminBackupRoutes, ctx);
    });
    // Chat moderation answers like the public chat routes (the global error handler, no no-store
    // header), as it always has; the guard above still applies to it.
    await root.register(adminChatRoutes, ctx);
  },
  { name: "arcadium-admin-routes" },
);
