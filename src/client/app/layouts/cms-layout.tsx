import {
  BarChart3,
  DatabaseBackup,
  FileText,
  Flag,
  FolderTree,
  ClipboardCheck,
  Gamepad2,
  Globe,
  KeyRound,
  LayoutDashboard,
  LayoutGrid,
  ListChecks,
  Rss,
  LogOut,
  Megaphone,
  Menu,
  ScrollText,
  Server,
  Settings,
  ShieldAlert,
  Trophy,
  Users,
} from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { PageTitle } from "@/components/page-title";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useOpenReportCount } from "@/features/cms/reports/api/get-reports";
import { useAdminUser } from "@/features/cms/shared/api/get-admin-user";
import { useTwoStepStatus } from "@/features/cms/two-step/api/two-step";
import { cn } from "@/lib/utils";
import type { AdminSelf } from "@contract/admin/sign-in";

/** Who signs in to /cms (D96): `admin` or `moderator` (a `player` never gets past GET /api/admin/user). */
export type CmsRole = AdminSelf["role"];
const ADMINS: readonly CmsRole[] = ["admin"];
const STAFF: readonly CmsRole[] = ["admin", "moderator"];

/** Issue 17: the staff member's two-step sign-in screen. */
export const TWO_STEP_HREF = "/cms/two-step";

/**
 * Spec §2 Admin area: sidebar links; on small screens only a header with a logout button. The one list of the /cms
 * screens and who may open each (D96): the nav, the landing after sign-in and the admins-only guard all read it.
 * A moderator may use the reports queue only; the audit log (D99) is for admins.
 */
export const CMS_LINKS = [
  { href: "/cms/dashboard", label: "Dashboard", Icon: LayoutDashboard, roles: ADMINS },
  { href: "/cms/games", label: "Games", Icon: Gamepad2, roles: ADMINS },
  // D133: creators' builds waiting for review (admins: previews and check reports are theirs)
  { href: "/cms/build-reviews", label: "Build reviews", Icon: ClipboardCheck, roles: ADMINS },
  { href: "/cms/categories", label: "Categories", Icon: FolderTree, roles: ADMINS },
  { href: "/cms/collections", label: "Collections", Icon: LayoutGrid, roles: ADMINS },
  { href: "/cms/website-content", label: "Website Content", Icon: FileText, roles: ADMINS },
  { href: "/cms/users", label: "Users", Icon: Users, roles: ADMINS },
  // D93: score moderation (remove a score, reset a player on a game) is for admins.
  { href: "/cms/scores", label: "Scores", Icon: Trophy, roles: ADMINS },
  { href: "/cms/reports", label: "Reports", Icon: Flag, roles: STAFF },
  { href: "/cms/announcements", label: "Announcements", Icon: Megaphone, roles: ADMINS },
  { href: "/cms/settings", label: "Settings", Icon: Settings, roles: ADMINS },
  // D154: what the ads did, beside the Settings that switch them
  { href: "/cms/ads", label: "Ad reports", Icon: BarChart3, roles: ADMINS },
  { href: "/cms/audit-log", label: "Audit log", Icon: ScrollText, roles: ADMINS },
  // D110: the distributors' feeds, with a feed's page and the inbox under it (CMS_SUB_SCREENS)
  { href: "/cms/feeds", label: "Feeds", Icon: Rss, roles: ADMINS },
  // D116: the job queue
  { href: "/cms/jobs", label: "Jobs", Icon: ListChecks, roles: ADMINS },
  // D160: the daily backups, a download each (an archive holds every account: admins only)
  { href: "/cms/backups", label: "Backups", Icon: DatabaseBackup, roles: ADMINS },
  // D164: the install at a glance, after the queue and the backups it summarises
  { href: "/cms/system", label: "System", Icon: Server, roles: ADMINS },
  // Every staff member's own two-step sign-in (last, so that it is nobody's landing)
  { href: TWO_STEP_HREF, label: "Two-step sign-in", Icon: KeyRound, roles: STAFF },
] as const;

const REPORTS_HREF = "/cms/reports";

/** D96: may `role` open the /cms screen at `href`? */
export function mayOpen(role: CmsRole, href: string): boolean {
  const link = CMS_LINKS.find((l) => l.href === href);
  return link !== undefined && link.roles.includes(role);
}

/** D96: the screens `role` may open, in the nav's order. */
export function cmsLinksFor(role: CmsRole) {
  return CMS_LINKS.filter((l) => l.roles.includes(role));
}

/**
 * Where a sign-in lands (D96): the first screen the role may open (an admin's dashboard, a moderator's reports);
 * D106: the two-step set-up while the staff member must enrol.
 */
export function cmsLanding(role: CmsRole, mustEnrol = false): string {
  if (mustEnrol) return TWO_STEP_HREF;
  return cmsLinksFor(role)[0]?.href ?? CMS_LINKS[0].href;
}

/** Screens under a link's screen (a feed's page, the inbox), as patterns of their path after /cms/. */
const CMS_SUB_SCREENS = ["feeds/inbox", "feeds/duplicates", "feeds/\\d+", "games/\\d+/numbers"];

/** The path part of every guarded /cms screen, for the router (cms-routes.tsx). */
export const CMS_SCREEN_PATTERN = new RegExp(
  `^/(?:${[...CMS_LINKS.map((l) => l.href.slice("/cms/".length)), ...CMS_SUB_SCREENS].join("|")})/?$`,
);

/** The nav's link a /cms path belongs to: its own, or the one it sits under (/cms/feeds/7 → Feeds). */
export function cmsLinkOf(path: string) {
  return CMS_LINKS.find((l) => path === l.href || path.startsWith(`${l.href}/`));
}

/** Admin logout: full-page navigation, the server ends the admin session and redirects to /cms (D43). */
export const ADMIN_LOGOUT_URL = "/api/logout";

const itemClasses =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4";

/**
 * D43: every /cms screen, not only the dashboard, returns to /cms when the admin lookup
 * (GET /api/admin/user) fails. While it is pending the screens render their loading state; their
 * admin reads wait until the admin is known (spec §7).
 */
function useAdminGuard() {
  const admin = useAdminUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (admin.isError) navigate("~/cms", { replace: true });
  }, [admin.isError, navigate]);
  return admin.data;
}

/**
 * Rendered inside the nested `/cms` route: wouter's relative links and locations start at /cms, so
 * links use the `~` prefix (absolute) and the current path is re-prefixed for the active state.
 */
export function CmsLayout({ children }: { children: ReactNode }) {
  const [relative] = useLocation();
  const location = `/cms${relative.replace(/\/$/, "")}`;
  const admin = useAdminGuard();
  const current = cmsLinkOf(location);
  // D106: while this staff member must set up two-step sign-in (every admin; moderators by the Settings switch) the
  // server refuses every other admin read (403): the set-up screen is the only one shown or linked.
  const twoStep = useTwoStepStatus(admin !== undefined);
  const enrolling = twoStep.data?.mustEnrol === true;
  const mustEnrol = enrolling && location !== TWO_STEP_HREF;
  // The links appear once the role is known, so that a moderator never sees an admin's sections (D96).
  const links = admin ? cmsLinksFor(admin.role).filter((l) => !enrolling || l.href === TWO_STEP_HREF) : [];
  const openReports = useOpenReportCount(
    admin !== undefined && twoStep.data !== undefined && !enrolling && mayOpen(admin.role, REPORTS_HREF),
  );
  const refused = admin !== undefined && current !== undefined && !mayOpen(admin.role, current.href);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (mustEnrol) navigate(`~${TWO_STEP_HREF}`, { replace: true });
  }, [mustEnrol, navigate]);
  return (
    <div className="flex min-h-dvh bg-muted/40">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card md:flex">
        <div className="flex h-16 items-center gap-2 border-b px-5 font-extrabold tracking-tight">
          <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-2 text-white">
            <Gamepad2 className="size-4" aria-hidden="true" />
          </span>
          Arcadium Admin
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            <li>
              <Link
                href="~/"
                className={cn(itemClasses, "text-muted-foreground hover:bg-accent hover:text-foreground")}
              >
                <Globe aria-hidden="true" />
                Main Site
              </Link>
            </li>
            {links.map(({ href, label, Icon }) => {
              const active = current?.href === href;
              return (
                <li key={href}>
                  <Link
                    href={`~${href}`}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      itemClasses,
                      active
                        ? "bg-primary text-primary-foreground"
                        : "text-muted-foreground hover:bg-accent hover:text-foreground",
                    )}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                    {href === REPORTS_HREF ? <OpenCount count={openReports} active={active} /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t p-3">
          {admin ? (
            <p className="truncate px-3 pb-2 text-xs text-muted-foreground" title={admin.email ?? admin.username}>
              Signed in as <span className="font-medium text-foreground">{admin.email ?? admin.username}</span>
            </p>
          ) : null}
          {admin?.role === "moderator" ? (
            <p className="px-3 pb-2 text-xs text-muted-foreground">Moderator account</p>
          ) : null}
          <a
            href={ADMIN_LOGOUT_URL}
            className={cn(itemClasses, "text-muted-foreground hover:bg-accent hover:text-foreground")}
          >
            <LogOut aria-hidden="true" />
            Logout
          </a>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b bg-card px-3 md:hidden">
          <div className="flex min-w-0 items-center gap-1">
            {/* A compact menu so that an admin on a phone can reach every section. */}
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Admin menu">
                  <Menu aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start" className="w-56">
                <DropdownMenuItem asChild>
                  <Link href="~/">
                    <Globe aria-hidden="true" />
                    Main Site
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                {links.map(({ href, label, Icon }) => (
                  <DropdownMenuItem
                    key={href}
                    asChild
                    className={current?.href === href ? "font-semibold text-primary" : undefined}
                  >
                    <Link href={`~${href}`} aria-current={current?.href === href ? "page" : undefined}>
                      <Icon aria-hidden="true" />
                      {label}
                      {href === REPORTS_HREF ? <OpenCount count={openReports} active={false} /> : null}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
            <span className="flex min-w-0 items-center gap-2 truncate font-extrabold tracking-tight">
              <Gamepad2 className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="truncate">{current ? current.label : "Arcadium Admin"}</span>
            </span>
          </div>
          <a href={ADMIN_LOGOUT_URL} className={buttonClasses("outline", "sm")}>
            <LogOut aria-hidden="true" />
            Logout
          </a>
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 space-y-6 p-4 sm:p-6 lg:p-8">
          {mustEnrol ? null : refused ? (
            <AdminsOnly title={current.label} landing={cmsLanding(admin.role)} />
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  );
}

/** The nav's count of open reports (D97); nothing when there are none or it is not known yet. */
function OpenCount({ count, active }: { count: number | undefined; active: boolean }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        "ml-auto min-w-5 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums leading-5",
        active ? "bg-primary-foreground text-primary" : "bg-destructive text-destructive-foreground",
      )}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> open</span>
    </span>
  );
}

/** D96: what a moderator sees on an admins-only /cms path, instead of a screen whose reads would all be refused. */
function AdminsOnly({ title, landing }: { title: string; landing: string }) {
  const reports = CMS_LINKS.find((l) => l.href === landing);
  return (
    <section
      aria-labelledby="cms-admins-only"
      className="mx-auto mt-8 max-w-lg rounded-xl border bg-card p-8 text-center shadow-sm"
    >
      <PageTitle title={title} />
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 id="cms-admins-only" className="text-xl font-bold tracking-tight">
        This section is for administrators
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">Your moderator account can handle the reports players send.</p>
      <Link href={`~${landing}`} className={cn(buttonClasses("gradient"), "mt-6")}>
        {reports ? <reports.Icon aria-hidden="true" /> : null}
        Go to {reports?.label ?? "the CMS"}
      </Link>
    </section>
  );
}
