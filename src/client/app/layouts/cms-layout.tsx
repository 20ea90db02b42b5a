import { FolderTree, Gamepad2, Globe, LayoutDashboard, LayoutGrid, LogOut, FileText, Megaphone, Menu, Settings, Users } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Button, buttonClasses } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useAdminUser } from "@/features/cms/api/get-admin-user";
import { cn } from "@/lib/utils";

/** Spec §2 Admin area: sidebar links; on small screens only a header with a logout button. */
export const CMS_LINKS = [
  { href: "/cms/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  { href: "/cms/games", label: "Games", Icon: Gamepad2 },
  { href: "/cms/categories", label: "Categories", Icon: FolderTree },
  { href: "/cms/collections", label: "Collections", Icon: LayoutGrid },
  { href: "/cms/website-content", label: "Website Content", Icon: FileText },
  { href: "/cms/users", label: "Users", Icon: Users },
  { href: "/cms/announcements", label: "Announcements", Icon: Megaphone },
  { href: "/cms/settings", label: "Settings", Icon: Settings },
] as const;

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
  const location = `/cms${relative === "/" ? "" : relative}`;
  const admin = useAdminGuard();
  const current = CMS_LINKS.find((l) => l.href === location);
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
              <Link href="~/" className={cn(itemClasses, "text-muted-foreground hover:bg-accent hover:text-foreground")}>
                <Globe aria-hidden="true" />
                Main Site
              </Link>
            </li>
            {CMS_LINKS.map(({ href, label, Icon }) => {
              const active = location === href;
              return (
                <li key={href}>
                  <Link
                    href={`~${href}`}
                    aria-current={active ? "page" : undefined}
                    className={cn(itemClasses, active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-foreground")}
                  >
                    <Icon aria-hidden="true" />
                    {label}
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
          <a href={ADMIN_LOGOUT_URL} className={cn(itemClasses, "text-muted-foreground hover:bg-accent hover:text-foreground")}>
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
                {CMS_LINKS.map(({ href, label, Icon }) => (
                  <DropdownMenuItem key={href} asChild className={location === href ? "font-semibold text-primary" : undefined}>
                    <Link href={`~${href}`} aria-current={location === href ? "page" : undefined}>
                      <Icon aria-hidden="true" />
                      {label}
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
          {children}
        </main>
      </div>
    </div>
  );
}
