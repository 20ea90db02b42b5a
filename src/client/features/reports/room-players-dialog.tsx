import { Flag, LogIn } from "lucide-react";
import { useRef, useState } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { RoomPlayer } from "@contract/rooms";
import { ReportDialog } from "./report-dialog";

export const SIGN_IN_TO_REPORT = "Sign in to report a player";

/** A signed-in player's id in a room is `u{userId}`; a guest's starts with `g` and has no account to report. */
const signedIn = (playerId: string) => playerId.startsWith("u");

/**
 * D124: the players of the room the game sits in (as its events told the page), and a Report for each other
 * signed-in player, which opens the site's report dialog over this one. A guest sees the list only. Its own chunk,
 * loaded when "Players" is first pressed.
 */
export function RoomPlayersDialog({
  open,
  onOpenChange,
  room,
  gameTitle,
  container = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: { code: string; me: string; players: readonly RoomPlayer[] };
  gameTitle: string;
  /** where the dialogs are put (default: the body); the game player while it is fullscreen */
  container?: HTMLElement | null;
}) {
  const [reported, setReported] = useState<RoomPlayer | null>(null);
  const [reporting, setReporting] = useState(false);
  const reportButton = useRef<HTMLButtonElement | null>(null);
  const canReport = signedIn(room.me);
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-md" container={container}>
          <DialogHeader>
            <DialogTitle>Players</DialogTitle>
            <DialogDescription>
              Who is playing {gameTitle} with you in room {room.code}.
            </DialogDescription>
          </DialogHeader>
          <ul aria-label="Players" className="-mx-2 max-h-80 space-y-0.5 overflow-y-auto">
            {room.players.map((player) => {
              const you = player.id === room.me;
              return (
                <li key={player.id} className="flex items-center gap-3 rounded-lg px-2 py-2">
                  <UserAvatar
                    username={player.name}
                    src={player.avatarUrl}
                    className={player.connected ? "size-8" : "size-8 opacity-50"}
                  />
                  <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate text-sm font-semibold">{player.name}</span>
                    {you ? <Badge variant="secondary">you</Badge> : null}
                    {player.host ? <Badge variant="outline">host</Badge> : null}
                    {player.connected ? null : (
                      <Badge variant="outline" className="text-muted-foreground">
                        away
                      </Badge>
                    )}
                  </span>
                  {canReport && !you && signedIn(player.id) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="shrink-0 text-muted-foreground hover:text-destructive"
                      aria-label={`Report ${player.name}`}
                      aria-haspopup="dialog"
                      onClick={(event) => {
                        reportButton.current = event.currentTarget;
                        setReported(player);
                        setReporting(true);
                      }}
                    >
                      <Flag aria-hidden="true" />
                      Report
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {canReport ? null : (
            <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
              <LogIn aria-hidden="true" className="size-4 shrink-0" />
              {SIGN_IN_TO_REPORT}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {reported ? (
        <ReportDialog
          target={{ kind: "room_player", code: room.code, playerId: reported.id, author: reported.name }}
          open={reporting}
          onOpenChange={setReporting}
          returnFocusTo={reportButton}
          container={container}
        />
      ) : null}
    </>
  );
}
