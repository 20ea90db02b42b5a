import {
  Activity,
  ArrowRight,
  FolderTree,
  Gamepad2,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Star,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboard } from "@/features/cms/dashboard/api/get-dashboard";
import { useSiteNumbers } from "@/features/cms/numbers/api/get-numbers";
import { NumbersPanel } from "@/features/cms/numbers/components/numbers-panel";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { formatNumber } from "@/lib/format";

/** The Quick Actions card's links. */
const QUICK_ACTIONS = [
  { href: "~/cms/games", icon: Gamepad2, label: "Manage Games" },
  { href: "~/cms/categories", icon: FolderTree, label: "Manage Categories" },
];

function StatCard({
  label,
  value,
  icon,
  loading,
  footer,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          {loading ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold tracking-tight">{value}</p>}
          {footer ? <div className="pt-1 text-xs text-muted-foreground">{footer}</div> : null}
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5">
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

/**
 * /cms/dashboard (spec §2, D134): the totals, players online now, the whole site's numbers per day for 90 days
 * (charts and a CSV), Quick Actions.
 */
export function CmsDashboardScreen() {
  const { data, isPending, isError } = useDashboard();
  const site = useSiteNumbers();
  const counts = data?.counts;
  const count = (n: number | undefined) => (n === undefined ? (isError ? "–" : "") : formatNumber(n));
  const online = site.data?.onlineNow;
  return (
    <>
      <CmsPageHeader title="Dashboard" description="An overview of your games site." icon={<LayoutDashboard />} />
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Total Games" value={count(counts?.games)} icon={<Gamepad2 />} loading={isPending} />
        <StatCard label="Categories" value={count(counts?.categories)} icon={<FolderTree />} loading={isPending} />
        <StatCard
          label="Players online now"
          value={online === undefined || online === null ? (site.isError ? "–" : "") : formatNumber(online)}
          icon={<Users />}
          loading={site.isPending}
          footer={counts ? `${formatNumber(counts.users)} registered accounts` : undefined}
        />
      </section>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Activity className="size-5 text-primary" aria-hidden="true" />
            The whole site, per day
          </CardTitle>
          <CardDescription>The last 90 days and today, from plays and the pages' counts.</CardDescription>
        </CardHeader>
        <CardContent>
          {site.data ? (
            <NumbersPanel numbers={site.data} filename="arcadium-site-numbers.csv" />
          ) : site.isError ? (
            <LoadError what="the site's numbers" query={site} />
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Content</CardTitle>
            <CardDescription>What players have written and scored.</CardDescription>
          </CardHeader>
          <CardContent>
            {counts ? (
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                {[
                  { label: "Reviews", value: counts.reviews, Icon: Star },
                  { label: "Chat messages", value: counts.chatMessages, Icon: MessageSquare },
                  { label: "Scores", value: counts.scores, Icon: Activity },
                  { label: "Messages", value: counts.contactMessages + counts.advertiserEnquiries, Icon: Mail },
                ].map(({ label, value, Icon }) => (
                  <div key={label} className="rounded-lg bg-muted/60 p-3">
                    <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                      <Icon className="size-3.5" aria-hidden="true" />
                      {label}
                    </dt>
                    <dd className="mt-1 text-lg font-semibold">{formatNumber(value)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <Skeleton className="h-16 w-full" />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
            <CardDescription>Jump to the most common tasks.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {QUICK_ACTIONS.map(({ href, icon: Icon, label }) => (
              <Link key={href} href={href} className={buttonClasses("outline", "md", "justify-between")}>
                <span className="flex items-center gap-2">
                  <Icon aria-hidden="true" />
                  {label}
                </span>
                <ArrowRight aria-hidden="true" />
              </Link>
            ))}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
