import { ArrowLeft, Gamepad2, Gauge, Info, Keyboard, Lightbulb, MessageSquare, Trophy, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { Game } from "@contract/games";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { StarRating } from "@/components/star-rating";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs as TabsPrimitive } from "radix-ui";
import { Tabs, TabsContent, TabsTrigger } from "@/components/ui/tabs";
import { useGame } from "@/features/games/api/get-game";
import { GameFlagBadges } from "@/features/games/components/game-badges";
import { GamePlayer } from "@/features/games/components/game-player";
import { SimilarGames } from "@/features/games/components/similar-games";
import { GameReviews } from "@/features/reviews/components/game-reviews";
import { useGameScores } from "@/features/scores/api/get-game-scores";
import { GameLeaderboard } from "@/features/scores/components/game-leaderboard";
import { useSaveScore } from "@/features/scores/use-save-score";
import { ApiError } from "@/lib/api-client";
import { formatDate, formatNumber, formatPlays, ratingOutOfFive, totalPlayers } from "@/lib/format";

function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2147483647 ? n : null;
}

function GameNotFound() {
  return (
    <Container className="py-16">
      <PageTitle title="Game Not Found" />
      <EmptyState
        icon={<Gamepad2 />}
        title="Game Not Found"
        description="Sorry, we couldn't find the game you're looking for."
        action={
          <Link href="/games" className={buttonClasses("default")}>
            <ArrowLeft aria-hidden="true" />
            Browse Games
          </Link>
        }
        className="[&_h2]:text-2xl"
      />
    </Container>
  );
}

function GameDetailSkeleton() {
  return (
    <Container className="py-8" aria-busy="true">
      <Skeleton className="mb-3 h-9 w-64" />
      <Skeleton className="mb-6 h-5 w-40" />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </Container>
  );
}

function Stat({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted p-2.5 sm:p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
        {icon} {label}
      </dt>
      <dd className="mt-1 truncate text-base font-bold sm:text-lg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** About: description; High Score = the first entry of the game's scores; Total Players = floor(plays × 0.7); Difficulty 'Medium' (spec §2, D55). */
function AboutTab({ game }: { game: Game }) {
  const scores = useGameScores(game.id);
  const top = scores.data?.[0];
  return (
    <Card>
      <CardContent className="space-y-5 pt-5">
        <p className="leading-relaxed whitespace-pre-line text-foreground/90">{game.description}</p>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Stat icon={<Trophy aria-hidden="true" />} label="High Score" testId="high-score">
            {scores.isPending ? (
              <Skeleton className="mt-1 h-6 w-20" />
            ) : top ? (
              <span title={`by ${top.user.username}`}>{formatNumber(top.score)}</span>
            ) : (
              <span className="text-muted-foreground">–</span>
            )}
          </Stat>
          <Stat icon={<Users aria-hidden="true" />} label="Total Players" testId="total-players">
            {formatNumber(totalPlayers(game.plays))}
          </Stat>
          <Stat icon={<Gauge aria-hidden="true" />} label="Difficulty" testId="difficulty">
            Medium
          </Stat>
        </dl>
        {top ? (
          <p className="text-xs text-muted-foreground">
            High score held by{" "}
            <Link href={`/profile/${top.user.id}`} className="font-medium text-foreground hover:text-primary hover:underline">
              {top.user.username}
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** How to Play: static controls text and tips, plus the game's own instructions (spec §2). */
function HowToPlayTab({ game }: { game: Game }) {
  return (
    <Card>
      <CardContent className="space-y-5 pt-5">
        <section className="space-y-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <Keyboard className="size-4 text-primary" aria-hidden="true" />
            Controls
          </h3>
          <p className="text-foreground/90">
            Play with your keyboard, mouse or touchscreen. The game takes the keyboard as soon as it starts; if it stops
            reacting to keys, click or tap inside the game.
          </p>
          <p className="rounded-lg bg-muted p-3 text-foreground/90" data-testid="game-instructions">
            {game.instructions}
          </p>
        </section>
        <section className="space-y-2">
          <h3 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-primary" aria-hidden="true" />
            Tips
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-foreground/90">
            <li>Use fullscreen for the best experience; press Esc to leave it.</li>
            <li>Reload restarts the game if something goes wrong.</li>
            <li>Sign in before you play to save your scores on the leaderboard.</li>
            <li>Finished a round? Rate the game and tell other players what you think.</li>
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

/** Game detail (/game/{id}): spec §2 and §4, D20–D23, D30–D32, D54. */
export function GameDetailScreen({ id: rawId }: { id: string }) {
  const id = parseId(rawId);
  const query = useGame(id ?? 0, { enabled: id !== null });

  if (id === null) return <GameNotFound />;
  if (query.isPending) return <GameDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <GameNotFound />;
    return (
      <Container className="py-16">
        <PageTitle title="Game" />
        <EmptyState icon={<Gamepad2 />} title="Failed to load the game" description="Please try again in a moment." />
      </Container>
    );
  }
  // key: a different game starts from its cover and the About tab again
  return <GameDetail key={query.data.id} game={query.data} />;
}

function GameDetail({ game }: { game: Game }) {
  const [tab, setTab] = useState("about");
  const saveScore = useSaveScore(game.id);

  return (
    <>
      <PageTitle title={game.title} description={game.description} />
      <Container className="py-6 sm:py-8">
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0 space-y-2">
            <h1 className="break-words text-3xl font-extrabold tracking-tight sm:text-4xl">{game.title}</h1>
            <div className="flex flex-wrap items-center gap-2">
              <Link href={`/category/${game.categorySlug}`} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring">
                <Badge variant="secondary">{game.category}</Badge>
              </Link>
              <GameFlagBadges game={game} className="flex flex-wrap gap-2" />
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-4 text-sm text-muted-foreground">
            <span className="flex items-center gap-1.5" data-testid="game-rating">
              <StarRating rating={game.rating} size="md" />
              <span className="font-medium text-foreground">{ratingOutOfFive(game.rating)}</span>
            </span>
            <span className="flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" />
              {formatPlays(game.plays)} {game.plays === 1 ? "play" : "plays"}
            </span>
          </div>
        </div>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0 space-y-6">
            <GamePlayer game={game} onScore={saveScore} />
            <Tabs value={tab} onValueChange={setTab}>
              {/* The ui TabsList is inline-flex; below 480 px four tabs do not fit in one row, so 2 × 2 here. */}
              <TabsPrimitive.List className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-muted-foreground min-[480px]:inline-flex min-[480px]:h-10 min-[480px]:w-auto min-[480px]:items-center">
                <TabsTrigger value="about">
                  <Info aria-hidden="true" />
                  About
                </TabsTrigger>
                <TabsTrigger value="how-to-play">
                  <Gamepad2 aria-hidden="true" />
                  How to Play
                </TabsTrigger>
                <TabsTrigger value="leaderboard">
                  <Trophy aria-hidden="true" />
                  Leaderboard
                </TabsTrigger>
                <TabsTrigger value="reviews">
                  <MessageSquare aria-hidden="true" />
                  Reviews
                </TabsTrigger>
              </TabsPrimitive.List>
              <TabsContent value="about">
                <AboutTab game={game} />
              </TabsContent>
              <TabsContent value="how-to-play">
                <HowToPlayTab game={game} />
              </TabsContent>
              <TabsContent value="leaderboard">
                <Card>
                  <CardContent className="pt-5">
                    <GameLeaderboard gameId={game.id} />
                  </CardContent>
                </Card>
              </TabsContent>
              <TabsContent value="reviews">
                <Card>
                  <CardContent className="pt-5">
                    <GameReviews gameId={game.id} />
                  </CardContent>
                </Card>
              </TabsContent>
            </Tabs>
          </div>
          <aside aria-label="Game information" className="space-y-4">
            <Card>
              <CardHeader className="pb-3">
                <CardTitle className="flex items-center gap-2 text-base">
                  <Gamepad2 className="size-4 text-primary" aria-hidden="true" />
                  Game Info
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="space-y-2 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Category</dt>
                    <dd className="font-medium">{game.category}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Developer</dt>
                    <dd className="truncate font-medium">{game.developer}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Plays</dt>
                    <dd className="font-medium">{formatNumber(game.plays)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">Rating</dt>
                    <dd className="font-medium">{ratingOutOfFive(game.rating)} / 5</dd>
                  </div>
                  {game.releaseDate ? (
                    <div className="flex justify-between gap-2">
                      <dt className="text-muted-foreground">Released</dt>
                      <dd className="font-medium">{formatDate(game.releaseDate)}</dd>
                    </div>
                  ) : null}
                </dl>
              </CardContent>
            </Card>
            <SimilarGames game={game} />
          </aside>
        </div>
      </Container>
    </>
  );
}
