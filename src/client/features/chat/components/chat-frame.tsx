import type { ComponentProps, ReactNode, Ref } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { useContent } from "@/lib/site-content";
import { cn } from "@/lib/utils";
import { CHAT_ENABLED_SETTING, CHAT_OFF_MESSAGE, chatEnabled } from "@contract/chat-constants";

/**
 * The chat panel's frame, shared by the panel and by the placeholder that stands in its place until the panel's code
 * has loaded (deferred-chat-panel.tsx): the two render the same markup while the chat loads, so the swap shows nothing.
 */

/** Spec §4: five skeleton rows while the chat loads. */
const SKELETON_ROWS = 5;

export function ChatFrame({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm", className)}
      {...props}
    />
  );
}

/** The list of messages (max height 350 px, spec §2), focusable as a scrollable region must be. */
export function ChatLog({ busy, ref, children }: { busy: boolean; ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label="Chat messages"
      aria-busy={busy || undefined}
      tabIndex={0}
      className="max-h-[350px] space-y-3 overflow-y-auto pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md"
    >
      {children}
    </div>
  );
}

export function ChatSkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <div key={i} className="flex items-start gap-3" data-testid="chat-skeleton">
      <Skeleton className="size-8 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-3 w-28" />
        <Skeleton className="h-3 w-3/4" />
      </div>
    </div>
  ));
}

/** D98: the admin's switch (site.chat_enabled, public content): while it is off the panel says why instead of the input. */
export function useChatOff(): boolean {
  return !chatEnabled(useContent()(`site.${CHAT_ENABLED_SETTING}`));
}

export function ChatOffNotice() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {CHAT_OFF_MESSAGE}
    </p>
  );
}

/** Where the input goes while who is signed in is not known yet (always so in the server's HTML, D70). */
export const ComposerSkeleton = () => <Skeleton className="h-10 w-full" />;
