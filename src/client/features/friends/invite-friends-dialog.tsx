import { useMutation, useQuery } from "@tanstack/react-query";
import { Send, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { ROOM_INVITE_MAX_FRIENDS } from "@contract/rooms-constants";
import { friendListsQuery, type Friend } from "./api";
import { PresenceBadge } from "./presence-badge";

/** D122: POST /api/room-invites; the server knows who invites from the session and checks the seat. */
export async function sendRoomInvites(code: string, friendIds: number[]): Promise<void> {
  await apiRequest("POST", "/api/room-invites", { code, friendIds });
}

function invitedText(chosen: Friend[]): string {
  return chosen.length === 1 ? `Invited ${chosen[0].username}` : `Invited ${chosen.length} friends`;
}

/**
 * D122 "Invite friends": the player's friends to choose from; sending notifies each one with a link into the room
 * `code` of the game, then closes with a toast.
 */
export function InviteFriendsDialog({
  open,
  onOpenChange,
  code,
  gameTitle,
  container = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  code: string;
  gameTitle: string;
  /** where the dialog is put (default: the body); the game player while it is fullscreen */
  container?: HTMLElement | null;
}) {
  const lists = useQuery({ ...friendListsQuery(), enabled: open });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const friends = lists.data?.friends ?? [];
  const send = useMutation({
    mutationFn: (picked: Friend[]) =>
      sendRoomInvites(
        code,
        picked.map((f) => f.id),
      ),
    onSuccess: (_done, picked) => {
      toast({ title: invitedText(picked), description: `They can join you in ${gameTitle} from their notifications.` });
      setChosen(new Set());
      onOpenChange(false);
    },
    onError: (error) =>
      toast({ title: "Could not send the invites", description: errorMessage(error), variant: "destructive" }),
  });

  function toggle(id: number) {
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(id) && next.size < ROOM_INVITE_MAX_FRIENDS) next.add(id);
      return next;
    });
  }

  const picked = friends.filter((f) => chosen.has(f.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" container={container}>
        <DialogHeader>
          <DialogTitle>Invite friends</DialogTitle>
          <DialogDescription>Choose who to invite to play {gameTitle} with you.</DialogDescription>
        </DialogHeader>
        {lists.isPending ? (
          <div role="status" aria-label="Loading friends" className="h-40 animate-pulse rounded-xl bg-muted" />
        ) : lists.isError ? (
          <p className="text-sm text-destructive">{errorMessage(lists.error)}</p>
        ) : friends.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-6 text-center">
            <Users aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">You have no friends to invite yet.</p>
            <Link href="/friends" className={buttonClasses("outline", "sm")}>
              Find friends
            </Link>
          </div>
        ) : (
          <ul aria-label="Friends" className="-mx-2 max-h-72 space-y-0.5 overflow-y-auto">
            {friends.map((f) => (
              <li key={f.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={chosen.has(f.id)}
                    onChange={() => toggle(f.id)}
                  />
                  <UserAvatar username={f.username} src={f.avatarUrl} className="size-8" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">{f.username}</span>
                    <PresenceBadge presence={f.presence} linked={false} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={picked.length === 0 || send.isPending} onClick={() => send.mutate(picked)}>
            <Send aria-hidden="true" />
            {picked.length > 1 ? `Send ${picked.length} invites` : "Send invite"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
