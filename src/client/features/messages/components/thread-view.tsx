import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, Loader2, MessageSquareOff, MoreVertical, User, UserX } from "lucide-react";
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import type { Conversation, DirectMessage, DirectMessageThread } from "@contract/direct-messages-constants";
import {
  refreshMessageLists,
  threadMessages,
  useBlockPlayer,
  useSendDirectMessage,
  useThread,
} from "../api/direct-messages";
import { messageKeys } from "../api/keys";
import { Composer } from "./composer";

/**
 * D88: a conversation: bubbles (mine on the right), the newest at the bottom, older pages on demand, the
 * composer (or why I cannot write), and a menu with the player's profile and Block. `renderReport`
 * puts a report button beside each message the other player sent (only a message sent to me can be reported).
 */
export function ThreadView({
  userId,
  meId,
  renderReport,
}: {
  userId: number;
  meId: number;
  renderReport?: (target: { id: number; author: string }) => ReactNode;
}) {
  const thread = useThread(userId);
  const send = useSendDirectMessage(userId);
  const qc = useQueryClient();
  const messages = threadMessages(thread.data);
  const head: DirectMessageThread | undefined = thread.data?.pages[0];

  // Reading the newest page marked their messages read on the server: the list and the count follow.
  useEffect(() => {
    if (!thread.dataUpdatedAt) return;
    const listed = qc.getQueryData<Conversation[]>(messageKeys.conversations())?.find((c) => c.user.id === userId);
    const total = qc.getQueryData<{ unread: number }>(messageKeys.unread())?.unread;
    if ((listed?.unread ?? 0) > 0 || (total ?? 0) > 0 || !listed) refreshMessageLists(qc);
  }, [thread.dataUpdatedAt, qc, userId]);

  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError || !head) {
    const status = thread.error instanceof ApiError ? thread.error.status : 0;
    return (
      <ThreadProblem
        icon={status === 403 ? <MessageSquareOff /> : <UserX />}
        title={
          status === 404 || status === 400
            ? "Player not found"
            : status === 403
              ? "You cannot see this conversation"
              : "Failed to load this conversation"
        }
        description={
          status === 403
            ? errorMessage(thread.error)
            : status === 404 || status === 400
              ? "This player does not exist or is no longer here."
              : "Please try again in a moment."
        }
      />
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader user={head.user} />
      <MessageList
        messages={messages}
        meId={meId}
        report={renderReport ? (m) => renderReport({ id: m.id, author: head.user.username }) : undefined}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        loadOlder={() => void thread.fetchNextPage()}
      />
      <div className="border-t p-3 sm:p-4">
        <Composer
          recipient={head.user.username}
          disabledReason={head.canSend ? null : head.cannotSendReason}
          onSend={async (body) => {
            try {
              await send.mutateAsync(body);
            } catch (err) {
              // A refusal means what the thread shows is out of date (unfriended, blocked, turned off).
              if (err instanceof ApiError && err.status === 403) void thread.refetch();
              throw err;
            }
          }}
        />
      </div>
    </div>
  );
}

function ThreadHeader({ user }: { user: DirectMessageThread["user"] }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const block = useBlockPlayer();
  return (
    <div className="flex items-center gap-2 border-b px-2 py-2.5 sm:px-4">
      <Link
        href="/messages"
        className={cn(buttonClasses("ghost", "icon"), "lg:hidden")}
        aria-label="Back to conversations"
      >
        <ArrowLeft aria-hidden="true" />
      </Link>
      <Link
        href={`/profile/${user.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-accent/60"
      >
        <UserAvatar username={user.username} src={user.avatarUrl} className="size-9" />
        <h2 className="truncate font-semibold">{user.username}</h2>
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Conversation options">
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem asChild>
            <Link href={`/profile/${user.id}`}>
              <User aria-hidden="true" />
              View profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => setConfirming(true)}
            className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive"
          >
            <Ban aria-hidden="true" />
            Block {user.username}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Block {user.username}?</DialogTitle>
            <DialogDescription>
              They will no longer be able to message you, send you friend requests or see when you are online, and this
              conversation will be hidden. You can unblock them later from your friends page.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={block.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={block.isPending}
              onClick={() =>
                block.mutate(user.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: `${user.username} blocked` });
                    navigate("/messages");
                  },
                  onError: (err) =>
                    toast({
                      title: "Could not block this player",
                      description: errorMessage(err),
                      variant: "destructive",
                    }),
                })
              }
            >
              {block.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Ban aria-hidden="true" />}
              Block
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The messages, with a line for each new day; scrolled to the newest, kept in place while older ones load above. */
function MessageList({
  messages,
  meId,
  report,
  hasOlder,
  loadingOlder,
  loadOlder,
}: {
  messages: DirectMessage[];
  meId: number;
  /** the report button for one of their messages */
  report?: (message: DirectMessage) => ReactNode;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}) {
  const time = useTimeFormat();
  const box = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  // A new message (mine or theirs): to the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);
  // Older messages arrived above: keep what was on screen where it was.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [oldestId]);

  const lastMine = [...messages].reverse().find((m) => m.senderId === meId);
  return (
    <div
      ref={box}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-5"
    >
      {hasOlder ? (
        <div className="mb-4 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            disabled={loadingOlder}
            onClick={() => {
              const el = box.current;
              if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
              loadOlder();
            }}
          >
            {loadingOlder ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Load older messages
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Say hello!</p>
      ) : (
        <ol className="space-y-1.5">
          {messages.map((m, i) => {
            const mine = m.senderId === meId;
            const day = time.date(m.createdAt);
            const newDay = i === 0 || time.date(messages[i - 1].createdAt) !== day;
            const sameSenderNext = messages[i + 1]?.senderId === m.senderId;
            return (
              <Fragment key={m.id}>
                {newDay ? (
                  <li
                    aria-hidden="true"
                    className="flex items-center gap-3 py-2 text-xs font-medium text-muted-foreground"
                  >
                    <span className="h-px flex-1 bg-border" />
                    {day}
                    <span className="h-px flex-1 bg-border" />
                  </li>
                ) : null}
                <li
                  className={cn("group flex flex-col", mine ? "items-end" : "items-start", !sameSenderNext && "pb-1.5")}
                  data-message-id={m.id}
                  data-mine={mine || undefined}
                >
                  <p className="sr-only">{mine ? "You" : "They"} wrote:</p>
                  <div className={cn("flex w-full items-center gap-1", mine && "justify-end")}>
                    <div
                      className={cn(
                        "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-xs sm:max-w-[70%]",
                        mine
                          ? "rounded-br-md bg-gradient-to-br from-primary to-brand-2 text-white"
                          : "rounded-bl-md bg-muted text-foreground",
                      )}
                    >
                      {m.body}
                    </div>
                    {!mine && report ? (
                      <div className="pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-within:opacity-100">
                        {report(m)}
                      </div>
                    ) : null}
                  </div>
                  {!sameSenderNext ? (
                    <span className="mt-1 px-1 text-[11px] text-muted-foreground">
                      <time dateTime={m.createdAt}>{time.chat(m.createdAt)}</time>
                      {mine && m.id === lastMine?.id && m.readAt ? " · Seen" : null}
                    </span>
                  ) : null}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="flex flex-1 flex-col" aria-label="Loading conversation" role="status">
      <div className="flex items-center gap-3 border-b px-4 py-3">
        <Skeleton className="size-9 rounded-full" />
        <Skeleton className="h-4 w-32" />
      </div>
      <div className="flex-1 space-y-3 p-5">
        <Skeleton className="h-9 w-2/5 rounded-2xl" />
        <Skeleton className="ml-auto h-9 w-1/2 rounded-2xl" />
        <Skeleton className="h-14 w-3/5 rounded-2xl" />
      </div>
    </div>
  );
}

function ThreadProblem({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <div className="flex flex-1 flex-col">
      <div className="border-b px-2 py-2.5 lg:hidden">
        <Link href="/messages" className={buttonClasses("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" />
          Conversations
        </Link>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-7">
          {icon}
        </span>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p>
        <Link href="/friends" className={cn(buttonClasses("outline", "sm"), "mt-5")}>
          Go to Friends
        </Link>
      </div>
    </div>
  );
}
