import type { GameDetail as GameDetailData } from "@contract/games";
import { Container } from "@/components/container";
import { PageTitle } from "@/components/page-title";
import { useGame } from "@/features/games/api/get-game";
import { GameAboutTab } from "@/features/games/components/game-about-tab";
import { GameAchievements } from "@/features/games/components/game-achievements";
import { GameDetailSkeleton } from "@/features/games/components/game-detail-skeleton";
import { GameHowToPlayTab } from "@/features/games/components/game-how-to-play-tab";
import { GameLauncher } from "@/features/games/components/game-launcher";
import { GameInfoCard } from "@/features/games/components/game-info-card";
import { GameLoadError, GameNotFound } from "@/features/games/components/game-not-found";
import { GameTabs } from "@/features/games/components/game-tabs";
import { GameTitleBar } from "@/features/games/components/game-title-bar";
import { SimilarGames } from "@/features/games/components/similar-games";
import { parseGameId } from "@/features/games/game-id";
import { GameReviews } from "@/features/reviews/components/game-reviews";
import { HighScore, HighScoreHolder } from "@/features/scores/components/high-score";
import { useSaveScore } from "@/features/scores/use-save-score";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { lazyPart } from "@/lib/lazy-component";
import { Suspense } from "react";

/**
 * D97: the report button, a chunk of its own (its dialog another, loaded on the first press); neither is loaded before
 * the first interaction (D73): the button's chunk comes once a signed-in player reaches for the Reviews tab (it is
 * hidden until then) with someone else's review in it. Nobody is
 * signed in on the server's render (D70), so it never renders there.
 */
const ReportButton = lazyPart("report-review", () => import("@/features/reports/report-button").then((m) => m.ReportButton));
const reportReview = ({ id, author }: { id: number; author: string }) => (
  <Suspense fallback={null}>
    <ReportButton kind="review" targetId={id} author={author} />
  </Suspense>
);

/**
 * The Leaderboard tab's board, a chunk of its own loaded when the tab is opened (D73): the tab is not in the page's
 * first HTML either (it changes with every score, see game-tabs.tsx), so nothing is hydrated from it.
 */
const GameLeaderboard = lazyPart("game-leaderboard", () => import("@/features/scores/components/game-leaderboard").then((m) => m.GameLeaderboard));

/** Game detail (/game/{id}): spec §2 and §4, D20–D23, D30–D32, D54. */
export function GameDetailScreen({ id: rawId }: { id: string }) {
  const id = parseGameId(rawId);
  const query = useGame(id ?? 0, { enabled: id !== null });

  if (id === null) return <GameNotFound />;
  if (query.isPending) return <GameDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <GameNotFound />;
    return <GameLoadError />;
  }
  // key: a different game starts from its cover and the About tab again
  return <GameDetail key={query.data.id} game={query.data} />;
}

function GameDetail({ game }: { game: GameDetailData }) {
  // D90: scores read as the game says (a time as 1:02.345)
  const format = game.scoreRules.format;
  const saveScore = useSaveScore(game.id, format);
  return (
    <>
      <PageTitle title={game.title} description={game.description} />
      <Container className="py-6 sm:py-8">
        <GameTitleBar game={game} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0 space-y-6">
            <GameLauncher game={game} onScore={saveScore} />
            <GameTabs
              about={
                <GameAboutTab
                  game={game}
                  highScore={<HighScore gameId={game.id} format={format} />}
                  highScoreHolder={<HighScoreHolder gameId={game.id} format={format} />}
                  achievements={<GameAchievements gameId={game.id} />}
                />
              }
              howToPlay={<GameHowToPlayTab game={game} />}
              leaderboard={
                <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                  <GameLeaderboard gameId={game.id} format={format} />
                </Suspense>
              }
              reviews={(reachedFor) => <GameReviews gameId={game.id} renderReport={reachedFor ? reportReview : undefined} formWanted={reachedFor} />}
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
