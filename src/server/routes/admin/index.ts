import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../plugins/auth";
import { Unauthorized } from "../../errors";
import { createMailer } from "../../services/mailer";
import { adminAnnouncementRoutes } from "./announcements";
import { adminAuthRoutes } from "./auth";
import { adminCategoryRoutes } from "./categories";
import { adminChatRoutes } from "./chat";
import { adminCollectionRoutes } from "./collections";
import { adminDashboardRoutes } from "./dashboard";
import { adminGameRoutes } from "./games";
import { adminGameAchievementRoutes } from "./game-achievements";
import { adminMessageRoutes } from "./messages";
import { adminSettingsRoutes } from "./settings";
import { adminUploadRoutes } from "./uploads";
import { adminUserRoutes } from "./users";
import { adminErrorHandler } from "./validation";
import { adminWebsiteContentRoutes } from "./website-content";

export type AdminRouteEntry = { method: string; url: string; guarded: boolean };

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api/admin route of this app with whether the D43 guard is on it (filled as routes are added). */
    adminRouteTable: AdminRouteEntry[];
  }
}

/** D42/D43: the only /api/admin routes reachable without an admin session. */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set(["POST /api/admin/request-otp", "POST /api/admin/verify-otp"]);

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
] as const;

export function isAdminUrl(url: string): boolean {
  return url === "/api/admin" || url.startsWith("/api/admin/");
}

/**
 * D43: 401 without a session, 403 for a non-admin. An admin must also be on an admin session
 * (one-time-code sign-in, 12 h / 30 min idle per D13), not on a 30-day player session.
 */
export async function adminGuard(request: FastifyRequest): Promise<void> {
  const user = requireAdmin(request);
  if (user.sessionKind !== "admin") throw new Unauthorized("Please sign in to the admin area with a one-time code");
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
      if (methods.some((m) => m !== "GET" && m !== "HEAD") && CATALOGUE_ADMIN_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) {
        route.config = { ...route.config, changesCatalogue: true };
      }
      for (const method of methods) {
        const guarded = !PUBLIC_ADMIN_ROUTES.has(`${method} ${route.url}`) && !(method === "HEAD" && PUBLIC_ADMIN_ROUTES.has(`GET ${route.url}`));
        table.push({ method, url: route.url, guarded });
      }
      const allPublic = methods.every((m) => PUBLIC_ADMIN_ROUTES.has(`${m} ${route.url}`));
      if (allPublic) return;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [adminGuard as onRequestHookHandler, ...existing];
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
      await scope.register(adminDashboardRoutes, ctx);
      await scope.register(adminGameRoutes, ctx);
      await scope.register(adminGameAchievementRoutes, ctx);
      await scope.register(adminUploadRoutes, ctx);
      await scope.register(adminCategoryRoutes, ctx);
      await scope.register(adminCollectionRoutes, ctx);
      await scope.register(adminWebsiteContentRoutes, ctx);
      await scope.register(adminUserRoutes, ctx);
      await scope.register(adminSettingsRoutes, { ...ctx, mailer });
      await scope.register(adminMessageRoutes, ctx);
      await scope.register(adminAnnouncementRoutes, ctx);
    });
    // Chat moderation answers like the public chat routes (the global error handler, no no-store
    // header), as it always has; the guard above still applies to it.
    await root.register(adminChatRoutes, ctx);
  },
  { name: "arcadium-admin-routes" },
);
