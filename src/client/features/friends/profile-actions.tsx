import { Ban, Check, ChevronDown, Clock, Flag, MessageSquare, MoreHorizontal, UserMinus, UserPlus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { Button, buttonClasses } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { BlockDialog } from "./block-dialog";
import { toast } from "@/components/ui/use-toast";
import { useAsServerRendered } from "@/lib/hydration";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { relationshipQuery } from "./api";
import { PresenceBadge } from "./presence-badge";
import { useFriendAction } from "./use-friend-action";

/** Message, for a player who is not (yet) a friend: D88 allows friends only, and says so. */
function MessageButton() {
  return (
    <Button variant="outline" onClick={() => toast({ title: "You can only message your friends" })}>
      <MessageSquare aria-hidden="true" />
      Message
    </Button>
  );
}

/**
 * D84/D88: the profile's Message and Add Friend buttons (the spec's placeholders, D55, made real). The server
 * renders the two plain buttons (it does not know the visitor, D70); once hydrated they follow where the
 * visitor stands with the player: sign in first, Add Friend, Cancel Request, Accept/Decline, Friends (remove),
 * Unblock; Message opens the conversation with a friend. A friend's presence shows above them. `renderReport`
 * (D97): the report dialog, opened by "Report profile" in the More menu (a signed-in player, someone else's profile).
 */
export function ProfileActions({
  user,
  renderReport,
}: {
  user: { id: number; username: string };
  renderReport?: (target: { id: number; author: string }, dialog: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}) {
  const me = useCurrentUser();
  const [location] = useLocation();
  const signedIn = !!me.user && me.user.id !== user.id;
  const rel = useAsServerRendered(useQuery({ ...relationshipQuery(user.id), enabled: signedIn }));
  const action = useFriendAction();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (me.user?.id === user.id) return null;

  const known = signedIn && rel.data;
  const base = (
    <>
      <MessageButton />
      <Button variant="gradient" disabled={!!me.user && !rel.data}>
        <UserPlus aria-hidden="true" />
        Add Friend
      </Button>
    </>
  );

  if (!me.isLoading && !me.user) {
    const login = loginUrl({ returnTo: location });
    return (
      <div className="flex gap-2">
        <a href={login} className={buttonClasses("outline")}>
          <MessageSquare aria-hidden="true" />
          Message
        </a>
        <a href={login} className={buttonClasses("gradient")}>
          <UserPlus aria-hidden="true" />
          Add Friend
        </a>
      </div>
    );
  }
  if (!known) return <div className="flex gap-2">{base}</div>;

  const r = rel.data;
  const busy = action.isPending;
  const act = (a: "request" | "remove" | "unblock", quiet = false) => action.mutate({ action: a, user, quiet });

  let friendButton;
  if (r.blocked) {
    friendButton = (
      <Button variant="outline" disabled={busy} onClick={() => act("unblock")}>
        <UserPlus aria-hidden="true" />
        Unblock
      </Button>
    );
  } else if (r.friends) {
    friendButton = (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={busy}>
            <Check aria-hidden="true" />
            Friends
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => act("remove")}>
            <UserMinus aria-hidden="true" />
            Remove friend
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  } else if (r.incoming) {
    friendButton = (
      <>
        <Button variant="gradient" disabled={busy} onClick={() => act("request", true)}>
          <Check aria-hidden="true" />
          Accept Request
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => act("remove", true)} aria-label="Decline request">
          <X aria-hidden="true" />
          <span className="hidden sm:inline">Decline</span>
        </Button>
      </>
    );
  } else if (r.outgoing) {
    friendButton = (
      <Button variant="outline" disabled={busy} onClick={() => act("remove", true)}>
        <Clock aria-hidden="true" />
        Cancel Request
      </Button>
    );
  } else {
    friendButton = (
      <Button variant="gradient" disabled={busy} onClick={() => act("request")}>
        <UserPlus aria-hidden="true" />
        Add Friend
      </Button>
    );
  }

  return (
    <div className="flex flex-col items-center gap-2 sm:items-end">
      <PresenceBadge presence={r.presence} />
      <div className="flex flex-wrap justify-center gap-2">
        {r.friends ? (
          <Link href={`/messages/${user.id}`} className={buttonClasses("outline")}>
            <MessageSquare aria-hidden="true" />
            Message
          </Link>
        ) : r.blocked ? null : (
          <MessageButton />
        )}
        {friendButton}
        {r.blocked && !renderReport ? null : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`More for ${user.username}`}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {renderReport ? (
                <DropdownMenuItem onSelect={() => setReporting(true)}>
                  <Flag aria-hidden="true" />
                  Report profile
                </DropdownMenuItem>
              ) : null}
              {r.blocked ? null : (
                <DropdownMenuItem onSelect={() => setBlocking(true)} className="text-destructive focus:text-destructive">
                  <Ban aria-hidden="true" />
                  Block {user.username}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <BlockDialog player={blocking ? user : null} onClose={() => setBlocking(false)} />
      {renderReport?.({ id: user.id, author: user.username }, { open: reporting, onOpenChange: setReporting })}
    </div>
  );
}
