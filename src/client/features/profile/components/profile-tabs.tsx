import { Award, BarChart3, History } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { lazyPart } from "@/lib/lazy-component";
import type { UserStats } from "@contract/users";
import { StatisticsTab } from "./statistics-tab";

/**
 * Achievements and Recent Games are hidden until chosen (never in the server's HTML): their code is loaded when the
 * visitor reaches for either tab (points at, focuses or presses it; D73).
 */
const AchievementsTab = lazyPart("profile-achievements", () =>
  import("./achievements-tab").then((m) => m.AchievementsTab),
);
const RecentGamesTab = lazyPart("profile-recent-games", () =>
  import("./recent-games-tab").then((m) => m.RecentGamesTab),
);
const reachForMoreTabs = () => {
  void AchievementsTab.preload().catch(() => undefined);
  void RecentGamesTab.preload().catch(() => undefined);
};
const REACH_FOR_MORE_TABS = {
  onPointerEnter: reachForMoreTabs,
  onPointerDown: reachForMoreTabs,
  onFocus: reachForMoreTabs,
};

function TabsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="stats-skeleton">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="space-y-4 rounded-xl border p-5">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 4 }, (_, j) => (
            <div key={j} className="space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-2.5 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function Tab({
  value,
  icon,
  children,
  ...handlers
}: { value: string; icon: ReactNode; children: ReactNode } & Partial<typeof REACH_FOR_MORE_TABS>) {
  return (
    <TabsTrigger value={value} className="flex-1 px-2 sm:flex-none sm:px-3" {...handlers}>
      <span className="hidden sm:contents">{icon}</span>
      {children}
    </TabsTrigger>
  );
}

/** Profile tabs (D25: real data): Statistics, Achievements, Recent Games. */
export function ProfileTabs({
  stats,
  isPending,
  isError,
  username,
  userId,
}: {
  stats: UserStats | undefined;
  isPending: boolean;
  isError: boolean;
  username: string;
  /** D78: shows the user's game achievements under the site's ten when given */
  userId?: number;
}) {
  const body = (render: (s: UserStats) => ReactNode) =>
    isPending ? (
      <TabsSkeleton />
    ) : isError || !stats ? (
      <p className="py-10 text-center text-muted-foreground">Failed to load statistics</p>
    ) : (
      render(stats)
    );
  return (
    <Tabs defaultValue="statistics">
      <TabsList aria-label="Profile sections" className="flex w-full sm:inline-flex sm:w-auto">
        <Tab value="statistics" icon={<BarChart3 aria-hidden="true" />}>
          Statistics
        </Tab>
        <Tab value="achievements" icon={<Award aria-hidden="true" />} {...REACH_FOR_MORE_TABS}>
          Achievements
        </Tab>
        <Tab value="recent" icon={<History aria-hidden="true" />} {...REACH_FOR_MORE_TABS}>
          Recent Games
        </Tab>
      </TabsList>
      <TabsContent value="statistics" className="mt-6">
        {body((s) => (
          <StatisticsTab stats={s} username={username} />
        ))}
      </TabsContent>
      <TabsContent value="achievements" className="mt-6">
        {body((s) => (
          <Suspense fallback={<TabsSkeleton />}>
            <AchievementsTab stats={s} userId={userId} />
          </Suspense>
        ))}
      </TabsContent>
      <TabsContent value="recent" className="mt-6">
        {body((s) => (
          <Suspense fallback={<TabsSkeleton />}>
            <RecentGamesTab stats={s} username={username} />
          </Suspense>
        ))}
      </TabsContent>
    </Tabs>
  );
}
