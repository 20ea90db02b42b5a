import { useQuery } from "@tanstack/react-query";
import { Check, Clock, MessageSquare, UserPlus, X } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Button, buttonClasses } from "@/components/ui/button";
import { useAsServerRendered } from "@/lib/hydration";
import { lazyPart } from "@/lib/lazy-component";
import { CLOSED_MENU_TRIGGER, LoadOnInteraction } from "@/lib/load-on-interaction";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { relationshipQuery } from "./api";
import { PresenceBadge } from "./presence-badge";
import { FriendsMenuButton, MoreMenuButton } from "./profile-action-buttons";
import { MessageButton, PlainProfileActions, SignedOutProfileActions } from "./profile-plain-actions";
import { useFriendAction } from "./use-friend-action";

/** The menus (Radix menus and their positioning) load at their buttons' first use, the block dialog when asked for (D73). */
const FriendsMenu = lazyPart("profile-friends-menu", () => import("./profile-action-menus").then((m) => m.FriendsMenu));
const MoreMenu = lazyPart("profile-more-menu", () => import("./profile-action-menus").then((m) => m.MoreMenu));
const BlockDialog = lazyPart("block-dialog", () => import("./block-dialog").then((m) => m.BlockDialog));

/**
 * D84: the profile's Message and Add Friend buttons (the spec's placeholders, made real). The server
 * renders the two plain buttons (it does not know the visitor); once hydrated they follow where the
 * visitor stands with the player: sign in first, Add Friend, Cancel Request, Accept/Decline, Friends (remove),
 * Unblock; Message opens the conversation with a friend. A friend's presence shows above them. `renderReport`:
 * the report dialog, opened by "Report profile" in the More menu (a signed-in player, someone else's profile).
 */
export function ProfileActions({
  user,
  renderReport,
}: {
  user: { id: number; username: string };
  renderReport?: (
    target: { id: number; author: string },
    dialog: { open: boolean; onOpenChange: (open: boolean) => void },
  ) => ReactNode;
}) {
  const me = useCurrentUser();
  const [location] = useLocation();
  const signedIn = !!me.user && me.user.id !== user.id;
  const rel = useAsServerRendered(useQuery({ ...relationshipQuery(user.id), enabled: signedIn }));
  const action = useFriendAction();
  const [blocking, setBlocking] = useState(false);
  // Mounted from the first "Block" on, so that it closes as a dialog does (animated) rather than vanishing.
  const [blockAsked, setBlockAsked] = useState(false);
  const [reporting, setReporting] = useState(false);

  if (me.user?.id === user.id) return null;

  const known = signedIn && rel.data;
  if (!me.isLoading && !me.user) return <SignedOutProfileActions login={loginUrl({ returnTo: location })} />;
  if (!known) return <PlainProfileActions waiting={!!me.user && !rel.data} />;

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
      <LoadOnInteraction
        part={FriendsMenu}
        standIn={(handlers) => <FriendsMenuButton disabled={busy} {...CLOSED_MENU_TRIGGER} {...handlers} />}
      >
        {(triggerRef) => <FriendsMenu busy={busy} onRemove={() => act("remove")} triggerRef={triggerRef} />}
      </LoadOnInteraction>
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
          <LoadOnInteraction
            part={MoreMenu}
            standIn={(handlers) => <MoreMenuButton username={user.username} {...CLOSED_MENU_TRIGGER} {...handlers} />}
          >
            {(triggerRef) => (
              <MoreMenu
                username={user.username}
                onReport={renderReport ? () => setReporting(true) : undefined}
                onBlock={
                  r.blocked
                    ? undefined
                    : () => {
                        setBlockAsked(true);
                        setBlocking(true);
                      }
                }
                triggerRef={triggerRef}
              />
            )}
          </LoadOnInteraction>
        )}
      </div>
      {blockAsked ? (
        <Suspense fallback={null}>
          <BlockDialog player={blocking ? user : null} onClose={() => setBlocking(false)} />
        </Suspense>
      ) : null}
      {renderReport?.({ id: user.id, author: user.username }, { open: reporting, onOpenChange: setReporting })}
    </div>
  );
}
