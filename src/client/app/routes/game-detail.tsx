import { Suspense, useEffect, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { Container } from "@/components/container";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useGameAchievements } from "@/features/games/api/game-achievements";
import { useGame } from "@/features/games/api/get-game";
import { GameAboutTab } from "@/features/games/components/game-about-tab";
import { GameDetailSkeleton } from "@/features/games/components/game-detail-skeleton";
import { GameInfoCard } from "@/features/games/components/game-info-card";
import { GameLauncher } from "@/features/games/components/game-launcher";
import { GameTabs, type GameTab } from "@/features/games/components/game-tabs";
import { GameTitleBar } from "@/features/games/components/game-title-bar";
import { SimilarGames } from "@/features/games/components/similar-games";
import { parseGameId } from "@/features/games/game-id";
import { inviteCodeFrom, inviteParamsFrom } from "@/features/games/invite-code";
import { countGamePageView } from "@/features/games/numbers-beacon";
import { HighScore, HighScoreHolder } from "@/features/scores/components/high-score";
import { useSaveScore } from "@/features/scores/use-save-score";
import { ApiError } from "@/lib/api-client";
import { lazyPart } from "@/lib/lazy-component";
import { LoadedOnReach, useReach } from "@/lib/load-on-reach";
import { useCurrentUser } from "@/lib/session";
import { StaticUntilWanted } from "@/lib/static-until-wanted";
import type { GameDetail as GameDetailData } from "@contract/games";

/**
 * The report button, a chunk of its own (its dialog another, loaded on the first press); neither is loaded before
 * the first interaction (D73): the button's chunk comes once a signed-in player has opened the Reviews tab's code
 * (see below) with someone else's review in it. Nobody is signed in on the server's render, so it never renders
 * there.
 */
const ReportButton = lazyPart("report-review", () =>
  import("@/features/reports/report-button").then((m) => m.ReportButton),
);
/** D122: "Invite friends", a chunk of its own loaded on the first press (the player shows it inside Suspense). */
const InviteFriendsDialog = lazyPart("invite-friends", () =>
  import("@/features/friends/invite-friends-dialog").then((m) => m.InviteFriendsDialog),
);
/** D124: "Players", a chunk of its own loaded on the first press (with the report dialog it opens). */
const RoomPlayersDialog = lazyPart("room-players", () =>
  import("@/features/reports/room-players-dialog").then((m) => m.RoomPlayersDialog),
);
const reportReview = ({ id, author }: { id: number; author: string }) => (
  <Suspense fallback={null}>
    <ReportButton kind="review" targetId={id} author={author} />
  </Suspense>
);

/**
 * D114: a signed-in player reports a game that does not load. The line is in the page's own code; the report
 * button's chunk and its dialog load on the press (D73), the dialog opening at once.
 */
function ReportGameNotLoading({ game }: { game: { id: number; title: string } }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  if (!user) return null;
  return (
    <p className="flex items-center justify-end gap-1 text-sm text-muted-foreground">
      Game not loading?
      <Button
        variant="link"
        size="sm"
        className="h-auto px-1 py-0"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Report it
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <ReportButton kind="game" targetId={game.id} author={game.title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </p>
  );
}

/**
 * How to Play and Reviews, hidden tabs whose text is in the page's HTML (game-tabs.tsx), are chunks of their own
 * loaded when the player reaches for their tab (D73, lib/load-on-reach.tsx).
 */
const GameHowToPlayTab = lazyPart("game-how-to-play", () =>
  import("@/features/games/components/game-how-to-play-tab").then((m) => m.GameHowToPlayTab),
);
const GameReviews = lazyPart("game-reviews", () =>
  import("@/features/reviews/components/game-reviews").then((m) => m.GameReviews),
);

/**
 * The Leaderboard tab's board, a chunk of its own loaded when the tab is reached for (D73): the tab is not in the
 * page's first HTML either (it changes with every score, see game-tabs.tsx), so nothing is hydrated from it.
 */
const GameLeaderboard = lazyPart("game-leaderboard", () =>
  import("@/features/scores/components/game-leaderboard").then((m) => m.GameLeaderboard),
);

/**
 * D78: the game's achievements, at the foot of the About tab. Nothing in them changes for a visitor who is not signed
 * in, so their code loads only for a signed-in player, whose own are marked; until then the server's HTML of
 * them stays as it is (lib/static-until-wanted.tsx). A game without achievements shows nothing and loads nothing.
 */
const GameAchievements = lazyPart("game-achievements", () =>
  import("@/features/games/components/game-achievements").then((m) => m.GameAchievements),
);

function Achievements({ gameId }: { gameId: number }) {
  const list = useGameAchievements(gameId);
  const { user } = useCurrentUser();
  if (list.isError || list.data?.length === 0) return null;
  return (
    <StaticUntilWanted part={GameAchievements} wanted={user !== null}>
      <GameAchievements gameId={gameId} />
    </StaticUntilWanted>
  );
}

/** An unknown game and a failed read: chunks of their own, which a game's page does not need (D73). */
const GameNotFound = lazyPart("game-not-found", () =>
  import("@/features/games/components/game-not-found").then((m) => m.GameNotFound),
);
const GameLoadError = lazyPart("game-load-error", () =>
  import("@/features/games/components/game-not-found").then((m) => m.GameLoadError),
);

function Missing({ failed }: { failed?: boolean }) {
  return <Suspense fallback={null}>{failed ? <GameLoadError /> : <GameNotFound />}</Suspense>;
}

/** Game detail (/game/{id}, spec §2): the game's frame, its tabs and similar games. */
export function GameDetailScreen({ id: rawId }: { id: string }) {
  const id = parseGameId(rawId);
  const query = useGame(id ?? 0, { enabled: id !== null });

  if (id === null) return <Missing />;
  if (query.isPending) return <GameDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return <Missing />;
    return <Missing failed />;
  }
  // key: a different game starts from its cover and the About tab again
  return <GameDetail key={query.data.id} game={query.data} />;
}

function GameDetail({ game }: { game: GameDetailData }) {
  // D134: a view of the game's page, counted without an identity
  useEffect(() => countGamePageView(game.id), [game.id]);
  // D90: scores read as the game says (a time as 1:02.345)
  const format = game.scoreRules.format;
  const saveScore = useSaveScore(game.id, format);
  const search = useSearch();
  const inviteCode = inviteCodeFrom(search);
  // one object per address: the SDK bridge listens again only when the invite changes
  const inviteParams = useMemo(() => inviteParamsFrom(search), [search]);
  const howToPlay = useReach(GameHowToPlayTab);
  const reviews = useReach(GameReviews);
  const reachFor = (tab: GameTab) => {
    if (tab === "how-to-play") howToPlay.reachFor();
    else if (tab === "reviews") reviews.reachFor();
    else if (tab === "leaderboard") void GameLeaderboard.preload().catch(() => undefined);
  };
  return (
    <>
      <PageTitle title={game.title} description={game.description} />
      <Container className="py-6 sm:py-8">
        <GameTitleBar game={game} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0 space-y-6">
            <div className="space-y-2">
              <GameLauncher
                game={game}
                onScore={saveScore}
                inviteCode={inviteCode}
                inviteParams={inviteParams}
                InviteDialog={InviteFriendsDialog}
                PlayersDialog={RoomPlayersDialog}
              />
              <ReportGameNotLoading game={game} />
            </div>
            <GameTabs
              about={
                <GameAboutTab
                  game={game}
                  highScore={<HighScore gameId={game.id} format={format} />}
                  highScoreHolder={<HighScoreHolder gameId={game.id} format={format} />}
                  achievements={<Achievements gameId={game.id} />}
                />
              }
              howToPlay={
                <LoadedOnReach reach={howToPlay} fallback={<Skeleton className="h-64 w-full" />}>
                  <GameHowToPlayTab game={game} />
                </LoadedOnReach>
              }
              leaderboard={
                <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                  <GameLeaderboard gameId={game.id} format={format} />
                </Suspense>
              }
              reviews={
                <LoadedOnReach reach={reviews} fallback={<Skeleton className="h-64 w-full" />}>
                  <GameReviews gameId={game.id} renderReport={reportReview} />
                </LoadedOnReach>
              }
              onReachFor={reachFor}
            />
          </div>
          <aside aria-label="Game information" className="space-y-4">
            <GameInfoCard game={game} />
            <SimilarGames game={game} />
          </aside>
        </div>
      </Container>
    </>
  );
}
