import { Suspense, useRef, type ReactNode, type Ref } from "react";
import { lazyPart } from "@/lib/lazy-component";
import { useLoadWhenNear, type ReachHandlers } from "@/lib/load-when-near";
import { ChatFrame, ChatLog, ChatOffNotice, ChatSkeletonRows, ComposerSkeleton, useChatOff } from "./chat-frame";

/**
 * The chat panel as the home page shows it. The panel and its cache are a large part of that page's code, and the
 * panel is far below the first screen: its code loads when it comes near the viewport or is reached for (D73,
 * lib/load-when-near.ts). Until then its place holds the panel as it looks while loading, which is also what the
 * server renders (the chat is live and rendered in the browser only).
 */
const ChatPanel = lazyPart("chat-panel", () => import("./chat-panel").then((m) => m.ChatPanel));

type RenderReport = (target: { id: number; author: string }) => ReactNode;

export function DeferredChatPanel({ renderReport }: { renderReport?: RenderReport }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const { ready, hadFocus, handlers } = useLoadWhenNear(placeholder, ChatPanel);
  if (!ready) return <ChatPlaceholder ref={placeholder} handlers={handlers} />;
  return (
    <Suspense fallback={null}>
      {/* A keyboard user who had reached the placeholder's list keeps their place in the panel's own. */}
      <ChatPanel renderReport={renderReport} focusLogOnMount={hadFocus} />
    </Suspense>
  );
}

/** The panel while it loads: skeleton rows, and where the input goes a skeleton (or why the chat is off). */
function ChatPlaceholder({ ref, handlers }: { ref: Ref<HTMLDivElement>; handlers: ReachHandlers }) {
  const chatOff = useChatOff();
  return (
    <ChatFrame ref={ref} data-live="connecting" {...handlers}>
      <ChatLog busy>
        <ChatSkeletonRows />
      </ChatLog>
      {chatOff ? <ChatOffNotice /> : <ComposerSkeleton />}
    </ChatFrame>
  );
}
