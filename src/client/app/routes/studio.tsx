import { ChartLine, Gamepad2, LogIn, Palette, Plus } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { BuildsPanel } from "@/components/builds-panel";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Label, Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { useNewStudioGame, useStudioGames } from "@/lib/studio";
import type { StudioGame } from "@contract/studio";

/**
 * /studio (D130, D131): a creator's games and their builds. Signed-in creators (and admins) only, rendered in the
 * browser, noindex; a signed-out visitor is asked to sign in and anyone else is told how to become a creator.
 */
export function StudioScreen() {
  const { user, isLoading } = useCurrentUser();
  const allowed = user?.role === "creator" || user?.role === "admin";
  return (
    <>
      <PageTitle title="Studio" />
      <meta name="robots" content="noindex" />
      <PageHeader title="Studio" icon={<Palette />} description="Your games, their builds, previews and rollbacks." />
      <Container className="py-8 sm:py-10">
        {isLoading ? (
          <div role="status" aria-label="Loading" className="min-h-[40vh]" />
        ) : !user ? (
          <EmptyState
            icon={<LogIn />}
            title="Sign in to open your studio"
            description="The studio is where creators publish their games."
            action={
              <a href={loginUrl({ returnTo: "/studio" })} className={buttonClasses("gradient")}>
                Sign In
              </a>
            }
          />
        ) : !allowed ? (
          <EmptyState
            icon={<Palette />}
            title="The studio is for creators"
            description="Apply in your settings: tell us what you make, and an admin will answer."
            action={
              <Link href="/settings#creator" className={buttonClasses("gradient")}>
                Apply to become a creator
              </Link>
            }
          />
        ) : (
          <StudioGames isAdmin={user.role === "admin"} />
        )}
      </Container>
    </>
  );
}

function StudioGames({ isAdmin }: { isAdmin: boolean }) {
  const games = useStudioGames();
  return (
    <div className="grid gap-6">
      <NewGameCard />
      {isAdmin ? (
        <p className="text-sm text-muted-foreground">
          As an admin you manage every game&apos;s builds and creators in the CMS game editor; here are the games you
          make yourself.
        </p>
      ) : null}
      {games.isPending ? (
        <div role="status" aria-label="Loading your games" className="min-h-40" />
      ) : games.isError ? (
        <p className="text-sm text-destructive">Could not load your games: {errorMessage(games.error)}</p>
      ) : games.data.length === 0 ? (
        <EmptyState
          icon={<Gamepad2 />}
          title="No games yet"
          description="Upload your first game above, or ask an admin to add you to a game you make."
        />
      ) : (
        <section aria-label="Your games" className="grid gap-4">
          {games.data.map((g, i) => (
            <StudioGameCard key={g.id} game={g} open={i === 0} />
          ))}
        </section>
      )}
    </div>
  );
}

function StudioGameCard({ game, open }: { game: StudioGame; open: boolean }) {
  return (
    <Card>
      <details open={open} className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-3 p-4 sm:p-6 [&::-webkit-details-marker]:hidden">
          {game.imageUrl ? (
            <img src={game.imageUrl} alt="" className="size-12 shrink-0 rounded-md object-cover" />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted">
              <Gamepad2 aria-hidden="true" className="size-5 text-muted-foreground" />
            </span>
          )}
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="truncate text-lg font-semibold">{game.title}</span>
            <span className="flex flex-wrap gap-2 text-xs">
              {game.hiddenReason === "draft" ? (
                <Badge variant="secondary">Draft: hidden until staff show it</Badge>
              ) : game.hiddenReason ? (
                <Badge variant="destructive">Hidden</Badge>
              ) : (
                <Badge variant="new">On the site</Badge>
              )}
              {game.liveBuild ? <Badge variant="outline">Live: build {game.liveBuild}</Badge> : null}
              <Badge variant="outline">
                {game.buildCount} {game.buildCount === 1 ? "build" : "builds"}
              </Badge>
            </span>
          </span>
          {/* Beside the badges from 640 px; below that, the whole line opens and closes the builds */}
          <span className="hidden text-sm text-muted-foreground sm:inline sm:group-open:hidden">Show builds</span>
          <span className="hidden text-sm text-muted-foreground sm:group-open:inline">Hide builds</span>
        </summary>
        <CardContent className="grid gap-4">
          <div>
            <Link href={`/studio/games/${game.id}/numbers`} className={buttonClasses("outline", "sm")}>
              <ChartLine aria-hidden="true" />
              Numbers<span className="sr-only"> of {game.title}</span>
            </Link>
          </div>
          <BuildsPanel scope="studio" gameId={game.id} />
        </CardContent>
      </details>
    </Card>
  );
}

function NewGameCard() {
  const create = useNewStudioGame();
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [notes, setNotes] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      toast({ title: "Choose a .zip or .html file first", variant: "destructive" });
      return;
    }
    create.mutate(
      { title, description, notes, file },
      {
        onSuccess: () => {
          toast({ title: "Game uploaded", description: "It stays hidden until staff show it on the site." });
          setTitle("");
          setDescription("");
          setNotes("");
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) =>
          toast({ title: "Could not upload the game", description: errorMessage(error), variant: "destructive" }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>New game</CardTitle>
        <CardDescription>Its package becomes build 1. Staff show it on the site when it is ready.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} aria-label="Upload a new game">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="new-game-title">Title</Label>
              <Input
                id="new-game-title"
                required
                maxLength={100}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="new-game-file">Package (.zip or .html)</Label>
              <Input id="new-game-file" ref={fileInput} type="file" accept=".zip,.html,.htm" required />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="new-game-description">Description</Label>
            <Textarea
              id="new-game-description"
              required
              rows={3}
              maxLength={5000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="new-game-notes">Notes for build 1</Label>
            <Input id="new-game-notes" maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <div>
            <Button type="submit" variant="gradient" disabled={create.isPending}>
              <Plus aria-hidden="true" />
              {create.isPending ? "Uploading…" : "Upload game"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
