import { RotateCcw, Trash2, Trophy } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { useAdminGames } from "@/features/cms/games/api/get-admin-games";
import {
  ADMIN_SCORE_LIMIT,
  useAdminScores,
  useRemoveScore,
  useResetPlayerOnGame,
} from "@/features/cms/scores/api/scores";
import { NewSeasonCard } from "@/features/cms/scores/components/new-season-card";
import { PlayerPicker, type PickedPlayer } from "@/features/cms/scores/components/player-picker";
import { ACTIONS_COLUMN, AdminTable, type AdminColumn } from "@/features/cms/shared/components/admin-table";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { ConfirmDialog } from "@/features/cms/shared/components/confirm-dialog";
import { Td, Tr } from "@/features/cms/shared/components/data-table";
import { LoadError, toastOutcome } from "@/features/cms/shared/components/list-screen";
import { chatTime, formatDateTime, formatShortDate } from "@/lib/format";
import type { AdminScoreRow } from "@contract/admin/scores";
import { formatScore } from "@contract/games-constants";

const COLUMNS: AdminColumn[] = [
  { header: "Time" },
  { header: "Player" },
  { header: "Game" },
  { header: "Score", className: "text-right" },
  { header: "Result" },
  ACTIONS_COLUMN,
];
/** The game select's value for "every game" (a Radix select item cannot have an empty value). */
const ALL_GAMES = "all";

/** "12,345" or "1:02.345": a score as its game shows it (D90). */
const shown = (row: AdminScoreRow) => formatScore(row.score, row.game.format);

/** D93: the confirmation of "Remove score"; the player's best, totals and achievements are recomputed on the server. */
export function removeScoreQuestion(row: AdminScoreRow) {
  return `Remove ${row.user.username}'s score of ${shown(row)} on ${row.game.title}? Their best, totals and achievements are recomputed.`;
}

/** D93: the confirmation of "Reset player on this game". */
export function resetQuestion(row: AdminScoreRow) {
  return `Remove all of ${row.user.username}'s scores on ${row.game.title}? Their best, totals and achievements are recomputed.`;
}

/** The toast after a reset: how many scores went. */
export function resetDone(row: AdminScoreRow, removed: number) {
  if (removed === 0) return `${row.user.username} had no scores on ${row.game.title}`;
  return `Removed ${removed} ${removed === 1 ? "score" : "scores"} of ${row.user.username} on ${row.game.title}`;
}

/** Above the table: "The newest 50 scores." when there may be more, else how many there are. */
export function countText(count: number, filtered: boolean) {
  if (count >= ADMIN_SCORE_LIMIT) return `The newest ${ADMIN_SCORE_LIMIT} scores${filtered ? " that match" : ""}.`;
  return `${count} ${count === 1 ? "score" : "scores"}${filtered ? (count === 1 ? " matches" : " match") : ""}.`;
}

/**
 * /cms/scores (D93, admins only): the newest scores, of a game and/or a player. An admin removes a score or resets a
 * player on a game (every score of theirs there); the player's best, totals and achievements follow, and each action
 * is audit-logged. Hiding a player from every board is on the Users screen.
 */
export function CmsScoresScreen() {
  const uid = useId();
  const [gameId, setGameId] = useState<number | undefined>(undefined);
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const scores = useAdminScores({ gameId, userId: player?.id });
  const games = useAdminGames("");
  const gameList = games.data?.pages.flatMap((p) => p.games) ?? [];
  const remove = useRemoveScore();
  const reset = useResetPlayerOnGame();
  const [removing, setRemoving] = useState<AdminScoreRow | null>(null);
  const [resetting, setResetting] = useState<AdminScoreRow | null>(null);
  const filtered = gameId !== undefined || player !== null;

  function confirmRemove() {
    if (!removing) return;
    const row = removing;
    // A refusal is a toast too; the dialog closes either way.
    remove.mutate(row.id, {
      ...toastOutcome(
        `Removed ${row.user.username}'s score of ${shown(row)} on ${row.game.title}`,
        "Failed to remove score",
      ),
      onSettled: () => setRemoving(null),
    });
  }

  function confirmReset() {
    if (!resetting) return;
    const row = resetting;
    reset.mutate(
      { userId: row.user.id, gameId: row.game.id },
      {
        onSuccess: ({ removed }) => toast({ title: resetDone(row, removed) }),
        onError: toastOutcome("", "Failed to reset player").onError,
        onSettled: () => setResetting(null),
      },
    );
  }

  return (
    <>
      <CmsPageHeader
        title="Scores"
        description="Remove a score or reset a player on a game; their best, totals and achievements follow."
        icon={<Trophy />}
      />
      {/* D91: the open season, and starting the next one by hand */}
      <NewSeasonCard />
      <div
        role="group"
        aria-label="Filter the scores"
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm items-end sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-game`}>Game</Label>
          <Select
            value={gameId === undefined ? ALL_GAMES : String(gameId)}
            onValueChange={(v) => setGameId(v === ALL_GAMES ? undefined : Number(v))}
          >
            <SelectTrigger id={`${uid}-game`} aria-label="Game">
              <SelectValue placeholder={games.isPending ? "Loading games..." : "All games"} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_GAMES}>All games</SelectItem>
              {gameList.map((g) => (
                <SelectItem key={g.id} value={String(g.id)}>
                  {g.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <PlayerPicker value={player} onChange={setPlayer} />
        <p className="pb-2 text-sm text-muted-foreground sm:col-span-2 lg:col-span-1" aria-live="polite">
          {scores.data ? countText(scores.data.length, filtered) : null}
        </p>
      </div>
      <LoadError what="scores" query={scores} />
      <AdminTable
        label="Scores"
        columns={COLUMNS}
        rows={scores.data}
        loading={scores.isPending}
        empty={filtered ? "No scores match these filters." : "No scores yet."}
        renderRow={(s) => (
          <Tr key={s.id}>
            {/* Two short lines (day, then time), so that a phone sees the player beside it. */}
            <Td className="whitespace-nowrap text-muted-foreground">
              <time dateTime={s.createdAt} title={formatDateTime(s.createdAt)}>
                <span className="block">{formatShortDate(s.createdAt)}</span>
                <span className="block text-xs">{chatTime(s.createdAt)}</span>
              </time>
            </Td>
            <Td className="min-w-40">
              <div className="flex flex-wrap items-center gap-1.5">
                <button
                  type="button"
                  className="rounded-md font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  title="Show only this player's scores"
                  onClick={() => setPlayer({ id: s.user.id, username: s.user.username })}
                >
                  {s.user.username}
                </button>
                {s.user.hiddenFromBoards ? <Badge variant="outline">Hidden from boards</Badge> : null}
              </div>
            </Td>
            <Td>
              <button
                type="button"
                className="rounded-md text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                title="Show only this game's scores"
                onClick={() => setGameId(s.game.id)}
              >
                {s.game.title}
              </button>
            </Td>
            <Td className="text-right">
              <div className="flex items-center justify-end gap-1.5">
                {s.isBest ? <Badge variant="featured">Best</Badge> : null}
                <span className="font-semibold tabular-nums">{shown(s)}</span>
              </div>
            </Td>
            <Td className="whitespace-nowrap text-muted-foreground">{s.won === null ? "—" : s.won ? "Won" : "Lost"}</Td>
            <Td sticky className="text-right">
              {/* Below 1024 px the buttons are their icons (names for screen readers, a tooltip on hover), so the table fits. */}
              <div className="flex justify-end gap-1 whitespace-nowrap">
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  title="Remove score"
                  onClick={() => setRemoving(s)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only lg:not-sr-only">Remove score</span>
                  <span className="sr-only">
                    {" "}
                    {s.user.username} {shown(s)} on {s.game.title}
                  </span>
                </Button>
                <Button variant="outline" size="sm" title="Reset player on this game" onClick={() => setResetting(s)}>
                  <RotateCcw aria-hidden="true" />
                  <span className="sr-only lg:not-sr-only">Reset player</span>
                  <span className="sr-only"> on this game</span>
                  <span className="sr-only">
                    {" "}
                    {s.user.username} on {s.game.title}
                  </span>
                </Button>
              </div>
            </Td>
          </Tr>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && !remove.isPending && setRemoving(null)}
        title="Remove score"
        description={removing ? removeScoreQuestion(removing) : ""}
        confirmLabel="Remove score"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(o) => !o && !reset.isPending && setResetting(null)}
        title="Reset player on this game"
        description={resetting ? resetQuestion(resetting) : ""}
        confirmLabel="Reset player"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        onConfirm={confirmReset}
      />
    </>
  );
}
