import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { BoardGapRow, OWN_ROW_CLASS, YouBadge } from "@/components/you-badge";
import { hasGap } from "@/lib/around-me";
import { formatShortDate } from "@/lib/format";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import { formatScore, type ScoreFormat } from "@contract/games-constants";
import type { ScoreEntry } from "@contract/scores";

const medal = ["bg-amber-400 text-amber-950", "bg-slate-300 text-slate-900", "bg-orange-400 text-orange-950"];

export function ScoresSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true">
      <span className="sr-only">Loading scores</span>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-11 w-full" />
      ))}
    </div>
  );
}

function Row({ entry, me, format }: { entry: ScoreEntry; me?: number; format: ScoreFormat }) {
  const time = useTimeFormat();
  const isTime = format === "time_ms";
  const mine = entry.user.id === me;
  return (
    <tr
      data-testid="score-row"
      data-own={mine || undefined}
      aria-current={mine ? "true" : undefined}
      className={cn("border-b last:border-0", mine && OWN_ROW_CLASS)}
    >
      <td className="py-2 pl-1.5 pr-2">
        <span
          data-field="rank"
          className={cn(
            "inline-flex h-7 min-w-7 items-center justify-center rounded-full px-1 text-xs font-bold tabular-nums",
            medal[entry.rank - 1] ?? "bg-muted text-muted-foreground",
          )}
        >
          {entry.rank}
        </span>
      </td>
      <td className="max-w-0 py-2 pr-2">
        <div className="flex min-w-0 items-center gap-1.5">
          <Link
            href={`/profile/${entry.user.id}`}
            className="group flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <UserAvatar
              username={entry.user.username}
              src={entry.user.avatarUrl}
              // a time is wider than most points: on a phone the name keeps the avatar's room
              // (and on my own row the "You" badge keeps it: D92)
              className={cn("size-7", isTime ? "max-[400px]:hidden" : "max-[360px]:hidden", mine && "max-sm:hidden")}
            />
            <span className="truncate font-medium group-hover:text-primary group-hover:underline">
              {entry.user.username}
            </span>
          </Link>
          {mine ? <YouBadge /> : null}
        </div>
      </td>
      <td className="whitespace-nowrap py-2 pr-3 text-right font-semibold tabular-nums">
        {formatScore(entry.score, format)}
      </td>
      <td className="whitespace-nowrap py-2 text-right text-xs text-muted-foreground sm:text-sm">
        <time dateTime={entry.createdAt} title={time.date(entry.createdAt)}>
          {formatShortDate(entry.createdAt, time.timeZone)}
        </time>
      </td>
    </tr>
  );
}

/**
 * The rows of a game's board, each with its rank on that board from the server (a friends board ranks among
 * friends). The server sends them in the game's order (lowest first for a time); `format` says how a score
 * reads (a time as 1:02.345 under "Time"). D92: `me`'s row is highlighted ("You", aria-current) wherever it is;
 * `after` are the rows around the player, below a "…" when ranks are skipped.
 */
export function ScoreTable({
  entries,
  me,
  after = [],
  format,
}: {
  entries: ScoreEntry[];
  me?: number;
  after?: ScoreEntry[];
  format: ScoreFormat;
}) {
  const isTime = format === "time_ms";
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full text-sm">
        <caption className="sr-only">{isTime ? "Best times" : "Top scores"}</caption>
        <thead>
          <tr className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
            <th scope="col" className="w-12 py-2 pl-1.5 pr-2 font-medium sm:w-14">
              Rank
            </th>
            <th scope="col" className="w-full py-2 pr-2 font-medium">
              Player
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {isTime ? "Time" : "Score"}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Date
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <Row key={entry.user.id} entry={entry} me={me} format={format} />
          ))}
          {hasGap(entries, after) ? <BoardGapRow colSpan={4} /> : null}
          {after.map((entry) => (
            <Row key={entry.user.id} entry={entry} me={me} format={format} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
