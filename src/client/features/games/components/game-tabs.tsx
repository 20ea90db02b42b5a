import { Gamepad2, Info, MessageSquare, Trophy } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsListBare, TabsTrigger } from "@/components/ui/tabs";

/**
 * The game page's tabs: About first; the screen passes each tab's content in (the
 * leaderboard and reviews come from their own features and get a card here).
 * How to Play and Reviews are in the page's first HTML even while hidden (D70: crawlers read a game's
 * instructions and its reviews); the leaderboard, which changes with every score, loads when opened.
 * `onReachFor` hears when the player reaches for a tab (points at, focuses, presses or opens it): the code of what
 * only a shown tab needs waits for that.
 */
/** An inactive tab that stays in the document is not shown (nor read out). */
const KEPT_WHEN_HIDDEN = "data-[state=inactive]:hidden";

export type GameTab = "about" | "how-to-play" | "leaderboard" | "reviews";

export function GameTabs({
  about,
  howToPlay,
  leaderboard,
  reviews,
  onReachFor,
}: {
  about: ReactNode;
  howToPlay: ReactNode;
  leaderboard: ReactNode;
  reviews: ReactNode;
  onReachFor?: (tab: GameTab) => void;
}) {
  const [tab, setTab] = useState<string>("about");
  const reachFor = (value: GameTab) => {
    const reach = () => onReachFor?.(value);
    return { onPointerEnter: reach, onPointerDown: reach, onFocus: reach };
  };
  const choose = (value: string) => {
    onReachFor?.(value as GameTab);
    setTab(value);
  };
  return (
    <Tabs value={tab} onValueChange={choose}>
      {/* The ui TabsList is inline-flex; below 480 px four tabs do not fit in one row, so 2 × 2 here. */}
      <TabsListBare className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-muted-foreground min-[480px]:inline-flex min-[480px]:h-10 min-[480px]:w-auto min-[480px]:items-center">
        <TabsTrigger value="about">
          <Info aria-hidden="true" />
          About
        </TabsTrigger>
        <TabsTrigger value="how-to-play" {...reachFor("how-to-play")}>
          <Gamepad2 aria-hidden="true" />
          How to Play
        </TabsTrigger>
        <TabsTrigger value="leaderboard" {...reachFor("leaderboard")}>
          <Trophy aria-hidden="true" />
          Leaderboard
        </TabsTrigger>
        <TabsTrigger value="reviews" {...reachFor("reviews")}>
          <MessageSquare aria-hidden="true" />
          Reviews
        </TabsTrigger>
      </TabsListBare>
      <TabsContent value="about">{about}</TabsContent>
      <TabsContent value="how-to-play" forceMount className={KEPT_WHEN_HIDDEN}>
        {howToPlay}
      </TabsContent>
      <TabsContent value="leaderboard">
        <Card>
          <CardContent className="pt-5">{leaderboard}</CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="reviews" forceMount className={KEPT_WHEN_HIDDEN}>
        <Card>
          <CardContent className="pt-5">{reviews}</CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
