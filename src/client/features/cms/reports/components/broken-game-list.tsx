import { Eye, EyeOff, Flag, Inbox, Loader2, RefreshCw } from "lucide-react";
import { useId } from "react";
import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { LoadError } from "@/features/cms/shared/components/list-screen";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatNumber, relativeTime } from "@/lib/format";
import type { BrokenGame, EmbedCheckNow } from "@contract/admin/broken-games";
import { GAME_HIDDEN_LABELS } from "@contract/admin/games";
import { useBrokenGames, useCheckGameNow, useShowGameAgain } from "../api/broken-games";
import { ReportGroupSkeletons } from "./report-group-card";

export const BROKEN_GAMES_EMPTY = "Every game loads: no failed checks and no reports.";
export const BROKEN_GAMES_INTRO =
  "Games embedded from other sites are checked every day. Three failed checks in a row hide a game from players as unreachable; games that players report as not loading are listed here too.";

/** What "Check now" found, as the toast says it (D114). */
export function checkOutcomeText({ outcome, hidden, game }: EmbedCheckNow): string {
  if (outcome === "reachable") return `${game.title} loads`;
  if (outcome === "busy") return `${game.title}'s site asked us to slow down; nothing was counted`;
  if (hidden) return `${game.title} failed three checks in a row and is now hidden from players`;
  return `${game.title} failed its check (${game.failures} in a row)`;
}

export function failuresText(failures: number): string {
  return failures === 1 ? "1 failed check" : `${formatNumber(failures)} failed checks in a row`;
}

function BrokenGameCard({
  game,
  admin,
  checking,
  showing,
  onCheck,
  onShow,
}: {
  game: BrokenGame;
  admin: boolean;
  checking: boolean;
  showing: boolean;
  onCheck: () => void;
  onShow: () => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:gap-4 sm:px-5">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="break-words font-semibold">
              {game.title}
            </h2>
            {game.hiddenReason ? (
              <Badge variant="outline" className="text-muted-foreground">
                <EyeOff aria-hidden="true" />
                {GAME_HIDDEN_LABELS[game.hiddenReason]}
              </Badge>
            ) : null}
            {game.failures > 0 ? <Badge variant="destructive">{failuresText(game.failures)}</Badge> : null}
            {game.reports > 0 ? (
              <Badge variant="secondary">
                <Flag aria-hidden="true" />
                {game.reports === 1 ? "1 report" : `${formatNumber(game.reports)} reports`}
              </Badge>
            ) : null}
          </div>
          {game.externalUrl ? (
            <p className="truncate font-mono text-xs text-muted-foreground" title={game.externalUrl}>
              {game.externalUrl}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {game.checkedAt ? (
              <>
                Last checked{" "}
                <time dateTime={game.checkedAt} title={formatDateTime(game.checkedAt)}>
                  {relativeTime(game.checkedAt)}
                </time>
              </>
            ) : (
              "Not checked yet"
            )}
            {game.lastReportedAt ? (
              <>
                {" · last reported "}
                <time dateTime={game.lastReportedAt} title={formatDateTime(game.lastReportedAt)}>
                  {relativeTime(game.lastReportedAt)}
                </time>
              </>
            ) : null}
          </p>
          {game.error ? <p className="break-words text-sm text-destructive dark:text-red-400">{game.error}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          {game.externalUrl ? (
            <Button size="sm" variant="outline" disabled={checking} onClick={onCheck} aria-describedby={headingId}>
              {checking ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
              Check now
            </Button>
          ) : null}
          {admin && game.hiddenReason ? (
            <Button size="sm" disabled={showing} onClick={onShow} aria-describedby={headingId}>
              <Eye aria-hidden="true" />
              Show again
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * D114: the games that may not load: hidden as unreachable, failing their daily checks, or reported by players,
 * the worst first. Staff check one now; admins show a hidden game again (which starts its count over).
 */
export function BrokenGameList({ admin }: { admin: boolean }) {
  const list = useBrokenGames();
  const check = useCheckGameNow();
  const show = useShowGameAgain();
  const games = list.data?.pages.flatMap((page) => page.games);
  const total = list.data?.pages.at(-1)?.total;
  const failed = (what: string) => (err: unknown) =>
    toast({ title: "Error", description: `Failed to ${what}: ${errorMessage(err)}`, variant: "destructive" });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{BROKEN_GAMES_INTRO}</p>
      <LoadError what="broken games" query={list} />
      {list.isPending ? (
        <ReportGroupSkeletons />
      ) : !games || games.length === 0 ? (
        list.isError ? null : (
          <EmptyState icon={<Inbox />} title={BROKEN_GAMES_EMPTY} className="bg-card" />
        )
      ) : (
        <>
          {games.map((game) => (
            <BrokenGameCard
              key={game.id}
              game={game}
              admin={admin}
              checking={check.isPending && check.variables === game.id}
              showing={show.isPending && show.variables === game.id}
              onCheck={() =>
                check.mutate(game.id, {
                  onSuccess: (result) => toast({ title: checkOutcomeText(result) }),
                  onError: failed("check the game"),
                })
              }
              onShow={() =>
                show.mutate(game.id, {
                  onSuccess: () => toast({ title: `${game.title} is shown to players again` }),
                  onError: failed("show the game"),
                })
              }
            />
          ))}
          {list.hasNextPage ? (
            <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Show more{total !== undefined ? ` (${formatNumber(total - games.length)} more)` : ""}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
