import { MessageSquare, Users } from "lucide-react";
import { Link } from "wouter";
import { UserAvatar } from "@/components/ui/avatar";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useTimeFormat } from "@/lib/hydration";
import { cn } from "@/lib/utils";
import type { Conversation } from "@contract/direct-messages-constants";
import { useConversations } from "../api/direct-messages";

/** D88: my conversations, newest first: avatar, name, last message, when, and how many are unread. */
export function ConversationList({ selectedUserId }: { selectedUserId: number | null }) {
  const conversations = useConversations();
  if (conversations.isPending) {
    return (
      <ul aria-label="Loading conversations" className="space-y-1 p-2">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 rounded-xl p-3" data-testid="conversation-skeleton">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-28" />
              <Skeleton className="h-3 w-40" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (conversations.isError) {
    return (
      <p role="alert" className="p-6 text-center text-sm text-destructive">
        Failed to load your messages: {errorMessage(conversations.error)}
      </p>
    );
  }
  if (conversations.data.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-16 text-center">
        <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-7">
          <MessageSquare aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">No messages yet</h2>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">
          Write to a friend from their profile or your friends list.
        </p>
        <Link href="/friends" className={cn(buttonClasses("gradient", "sm"), "mt-5")}>
          <Users aria-hidden="true" />
          Go to Friends
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Conversations" className="space-y-1 p-2">
      {conversations.data.map((c) => (
        <li key={c.user.id}>
          <ConversationRow conversation={c} selected={c.user.id === selectedUserId} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ conversation: c, selected }: { conversation: Conversation; selected: boolean }) {
  const time = useTimeFormat();
  const unread = c.unread > 0;
  return (
    <Link
      href={`/messages/${c.user.id}`}
      aria-current={selected ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-xl p-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        selected && "bg-accent",
      )}
      data-conversation={c.user.id}
    >
      <UserAvatar username={c.user.username} src={c.user.avatarUrl} className="size-11" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate", unread ? "font-bold" : "font-semibold")}>{c.user.username}</span>
          <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {time.relative(c.lastMessage.createdAt)}
          </time>
        </div>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <p className={cn("truncate text-sm", unread ? "font-medium text-foreground" : "text-muted-foreground")}>
            {c.lastMessage.fromMe ? "You: " : ""}
            {c.lastMessage.body}
          </p>
          {unread ? (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-2 px-1.5 text-[11px] font-bold leading-none text-white">
              {c.unread > 99 ? "99+" : c.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
