import { useQuery } from "@tanstack/react-query";
import { Ban, Check, LogIn, MessageCircle, MoreHorizontal, UserMinus, UserPlus, Users, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { SignedInOnly } from "@/components/signed-in-only";
import { UserAvatar } from "@/components/ui/avatar";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { friendListsQuery, friendRoomHref, type Friend } from "@/features/friends/api";
import { BlockDialog } from "@/features/friends/block-dialog";
import { PresenceBadge } from "@/features/friends/presence-badge";
import { useFriendAction } from "@/features/friends/use-friend-action";
import { errorMessage } from "@/lib/api-client";
import type { PublicPlayer } from "@contract/player-live";

/**
 * One player in a list: avatar and name (to the profile), a line under it (beside the link: it may hold a link of its
 * own, "Playing {game}"), and the row's buttons.
 */
function PlayerRow({ player, sub, actions }: { player: PublicPlayer; sub?: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Link href={`/profile/${player.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <UserAvatar username={player.username} src={player.avatarUrl} className="size-10" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          href={`/profile/${player.id}`}
          className="block truncate rounded font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {player.username}
        </Link>
        {sub}
      </div>
      <div className="flex shrink-0 items-center gap-1.5">{actions}</div>
    </li>
  );
}

function FriendActions({ friend, onBlock }: { friend: Friend; onBlock: () => void }) {
  const action = useFriendAction();
  return (
    <>
      {friend.room ? (
        // D122: into the friend's joinable room; the join itself has the final word
        <Link
          href={friendRoomHref(friend.room)}
          className={buttonClasses("default", "sm")}
          aria-label={`Join ${friend.username} in ${friend.room.game.title}`}
        >
          <LogIn aria-hidden="true" />
          Join
        </Link>
      ) : null}
      <Link
        href={`/messages/${friend.id}`}
        className={buttonClasses("outline", "sm")}
        aria-label={`Message ${friend.username}`}
      >
        <MessageCircle aria-hidden="true" />
        <span className="hidden sm:inline">Message</span>
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More for ${friend.username}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => action.mutate({ action: "remove", user: friend })}>
            <UserMinus aria-hidden="true" />
            Remove friend
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onBlock} className="text-destructive focus:text-destructive">
            <Ban aria-hidden="true" />
            Block
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

function List({ children, empty }: { children: ReactNode[]; empty: ReactNode }) {
  if (children.length === 0) return <>{empty}</>;
  return (
    <Card className="p-0">
      <ul className="divide-y">{children}</ul>
    </Card>
  );
}

function FriendsLists() {
  const lists = useQuery(friendListsQuery());
  const action = useFriendAction();
  const [blocking, setBlocking] = useState<PublicPlayer | null>(null);
  const [tab, setTab] = useState<string | undefined>(undefined);

  if (lists.isPending)
    return <div role="status" aria-label="Loading friends" className="h-64 animate-pulse rounded-2xl bg-muted" />;
  if (lists.isError) {
    return (
      <EmptyState
        title="Could not load your friends"
        description={errorMessage(lists.error)}
        action={<Button onClick={() => void lists.refetch()}>Try Again</Button>}
      />
    );
  }
  const { friends, incoming, outgoing, blocked } = lists.data;
  const online = friends.filter((f) => f.presence.status !== "offline").length;
  const current = tab ?? (incoming.length && !friends.length ? "requests" : "friends");
  const findPlayers = (
    <Link href="/leaderboard" className={buttonClasses("gradient")}>
      Find players on the leaderboard
    </Link>
  );

  return (
    <>
      <Tabs value={current} onValueChange={setTab}>
        <TabsList className="mb-4 w-full sm:w-auto">
          <TabsTrigger value="friends">Friends ({friends.length})</TabsTrigger>
          <TabsTrigger value="requests">Requests ({incoming.length + outgoing.length})</TabsTrigger>
          <TabsTrigger value="blocked">Blocked ({blocked.length})</TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          {friends.length ? (
            <p className="mb-3 text-sm text-muted-foreground">
              {online ? `${online} online now` : "Nobody is online right now"}
            </p>
          ) : null}
          <List
            empty={
              <EmptyState
                icon={<Users aria-hidden="true" />}
                title="No friends yet"
                description="Open a player's profile (from the leaderboard, a game's scores or the chat) and press Add Friend."
                action={findPlayers}
              />
            }
          >
            {friends.map((f) => (
              <PlayerRow
                key={f.id}
                player={f}
                sub={<PresenceBadge presence={f.presence} />}
                actions={<FriendActions friend={f} onBlock={() => setBlocking(f)} />}
              />
            ))}
          </List>
        </TabsContent>
        <TabsContent value="requests" className="space-y-6">
          <section aria-labelledby="incoming-heading">
            <h2 id="incoming-heading" className="mb-2 text-lg font-semibold">
              Received
            </h2>
            <List
              empty={
                <p className="rounded-2xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                  No requests waiting for you
                </p>
              }
            >
              {incoming.map((p) => (
                <PlayerRow
                  key={p.id}
                  player={p}
                  sub={<span className="text-xs text-muted-foreground">wants to be your friend</span>}
                  actions={
                    <>
                      <Button
                        size="sm"
                        disabled={action.isPending}
                        onClick={() => action.mutate({ action: "request", user: p, quiet: true })}
                        aria-label={`Accept ${p.username}`}
                      >
                        <Check aria-hidden="true" />
                        <span className="hidden sm:inline">Accept</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={action.isPending}
                        onClick={() => action.mutate({ action: "remove", user: p, quiet: true })}
                        aria-label={`Decline ${p.username}`}
                      >
                        <X aria-hidden="true" />
                        <span className="hidden sm:inline">Decline</span>
                      </Button>
                    </>
                  }
                />
              ))}
            </List>
          </section>
          <section aria-labelledby="outgoing-heading">
            <h2 id="outgoing-heading" className="mb-2 text-lg font-semibold">
              Sent
            </h2>
            <List
              empty={
                <p className="rounded-2xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                  No requests sent
                </p>
              }
            >
              {outgoing.map((p) => (
                <PlayerRow
                  key={p.id}
                  player={p}
                  sub={<span className="text-xs text-muted-foreground">waiting for an answer</span>}
                  actions={
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={action.isPending}
                      onClick={() => action.mutate({ action: "remove", user: p, quiet: true })}
                      aria-label={`Cancel request to ${p.username}`}
                    >
                      <X aria-hidden="true" />
                      <span className="hidden sm:inline">Cancel</span>
                    </Button>
                  }
                />
              ))}
            </List>
          </section>
        </TabsContent>
        <TabsContent value="blocked">
          <List
            empty={
              <EmptyState
                icon={<Ban aria-hidden="true" />}
                title="Nobody is blocked"
                description="Players you block show up here, so that you can unblock them."
              />
            }
          >
            {blocked.map((p) => (
              <PlayerRow
                key={p.id}
                player={p}
                actions={
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ action: "unblock", user: p })}
                    aria-label={`Unblock ${p.username}`}
                  >
                    <UserPlus aria-hidden="true" />
                    <span className="hidden sm:inline">Unblock</span>
                  </Button>
                }
              />
            ))}
          </List>
        </TabsContent>
      </Tabs>
      <BlockDialog player={blocking} onClose={() => setBlocking(null)} />
    </>
  );
}

/** D84: /friends — friends with their presence, requests in and out, and the players you blocked. */
export function FriendsScreen() {
  return (
    <>
      <PageTitle title="Friends" />
      <PageHeader
        title="Friends"
        icon={<Users aria-hidden="true" />}
        description="Play together, compare scores and see who is online."
      />
      <Container className="max-w-3xl py-8">
        <SignedInOnly what="your friends">{() => <FriendsLists />}</SignedInOnly>
      </Container>
    </>
  );
}
