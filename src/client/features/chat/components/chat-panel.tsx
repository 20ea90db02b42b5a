import { SendHorizontal, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { UserAvatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useTimeFormat } from "@/lib/hydration";
import { loginUrl, useCurrentUser } from "@/lib/session";
import type { ChatMessage } from "@contract/chat";
import { CHAT_MAX_LENGTH } from "@contract/chat-constants";
import { useDeleteChatMessage } from "../api/delete-chat-message";
import { useChatMessages } from "../api/get-chat-messages";
import { useSendChatMessage } from "../api/send-chat-message";
import { useChatLive } from "../use-chat-live";
import { ChatFrame, ChatLog, ChatOffNotice, ChatSkeletonRows, ComposerSkeleton, useChatOff } from "./chat-frame";

/**
 * The home page's public chat (D35):
 * a live list of messages (max height 350 px, kept scrolled to the bottom) and, for a signed-in
 * player, an input that sends on Enter. Signed-out visitors read along and see 'Sign in to chat'.
 * `renderReport` gives a signed-in player a report button on each message of someone else. `focusLogOnMount`:
 * the list takes focus when the panel appears (it replaces a placeholder that had it, deferred-chat-panel.tsx).
 */
export function ChatPanel({
  className,
  renderReport,
  focusLogOnMount = false,
}: {
  className?: string;
  renderReport?: (target: { id: number; author: string }) => ReactNode;
  focusLogOnMount?: boolean;
}) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const messages = useChatMessages();
  const live = useChatLive();
  const send = useSendChatMessage();
  const remove = useDeleteChatMessage();
  const [draft, setDraft] = useState("");
  // D96: a refusal that names its rule ("You are muted until …") is shown under the input; the text is kept.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  // D96: admins and moderators delete chat messages
  const isAdmin = user?.role === "admin" || user?.role === "moderator";
  const chatOff = useChatOff();

  const [focusLog] = useState(focusLogOnMount);
  useEffect(() => {
    if (focusLog) listRef.current?.focus({ preventScroll: true });
  }, [focusLog]);

  // Spec: scrolls to the bottom whenever the messages change.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    // Spec §5: an empty or whitespace-only message is never sent.
    if (!text || send.isPending) return;
    setRefusal(null);
    send.mutate(text, {
      onSuccess: () => setDraft(""),
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 403 || error.status === 400)) {
          setRefusal(error.serverMessage);
          return;
        }
        if (error instanceof ApiError && error.status === 429) {
          toast({
            title: "Slow down",
            description: "You are sending messages too quickly. Wait a few seconds, then try again.",
            variant: "destructive",
          });
          return;
        }
        // Spec §8: other send failures (the network, the server) are only logged.
        console.warn("Failed to send chat message", error);
      },
    });
  }

  function deleteMessage(message: ChatMessage) {
    remove.mutate(message.id, {
      onError: (error) => console.warn("Failed to delete chat message", error),
    });
  }

  return (
    <ChatFrame className={className} data-live={live}>
      <ChatLog ref={listRef} busy={messages.isPending}>
        {messages.isPending ? (
          <ChatSkeletonRows />
        ) : messages.isError && !messages.data ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Failed to load chat messages</p>
        ) : messages.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No messages yet. Say hello!</p>
        ) : (
          messages.data.map((message) => (
            <ChatMessageRow
              key={message.id}
              message={message}
              onDelete={isAdmin ? () => deleteMessage(message) : undefined}
              deleting={remove.isPending && remove.variables === message.id}
              report={
                user && renderReport && message.user.id !== user.id
                  ? renderReport({ id: message.id, author: message.user.username })
                  : null
              }
            />
          ))
        )}
      </ChatLog>

      {live === "reconnecting" ? (
        <p role="status" className="text-xs text-muted-foreground">
          Reconnecting to chat…
        </p>
      ) : null}

      {chatOff ? (
        <ChatOffNotice />
      ) : userLoading ? (
        <ComposerSkeleton />
      ) : user ? (
        <form onSubmit={submit} className="grid gap-1.5">
          <div className="flex items-center gap-2">
            <Input
              aria-label="Chat message"
              placeholder="Type a message..."
              autoComplete="off"
              maxLength={CHAT_MAX_LENGTH}
              value={draft}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? refusalId : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setRefusal(null);
              }}
            />
            <Button type="submit" variant="gradient" disabled={send.isPending} aria-label="Send">
              <SendHorizontal aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Send</span>
            </Button>
          </div>
          {refusal ? (
            <p id={refusalId} role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
              {refusal}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">Sign in to chat</p>
          <Button
            variant="gradient"
            size="sm"
            onClick={() =>
              window.location.assign(loginUrl({ returnTo: `${window.location.pathname}${window.location.search}` }))
            }
          >
            Sign In
          </Button>
        </div>
      )}
    </ChatFrame>
  );
}

/** On a pointer that can hover, a row's report button shows while the row is hovered or the button focused. */
const REVEAL_ON_HOVER =
  "pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-within:opacity-100";

function ChatMessageRow({
  message,
  onDelete,
  deleting,
  report,
}: {
  message: ChatMessage;
  onDelete?: () => void;
  deleting?: boolean;
  report?: ReactNode;
}) {
  const time = useTimeFormat();
  return (
    <div className="group flex items-start gap-3" data-message-id={message.id}>
      <UserAvatar username={message.user.username} src={message.user.avatarUrl} className="size-8" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="truncate text-sm font-semibold">{message.user.username}</span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {time.chat(message.createdAt)}
          </time>
        </div>
        <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
      </div>
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground hover:text-destructive [&_svg]:size-4"
          aria-label={`Delete message from ${message.user.username}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
      {report ? <div className={REVEAL_ON_HOVER}>{report}</div> : null}
    </div>
  );
}
