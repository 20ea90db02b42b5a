import { LogIn, MessageSquare, MessagesSquare } from "lucide-react";
import { Suspense } from "react";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ConversationList } from "@/features/messages/components/conversation-list";
import { ThreadView } from "@/features/messages/components/thread-view";
import { useMessagesLive } from "@/features/messages/use-messages-live";
import { lazyPart } from "@/lib/lazy-component";
import { loginUrl, useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";

/** D97: the report button on each message the other player sent (a chunk of its own; its dialog another). */
const ReportButton = lazyPart("report-message", () =>
  import("@/features/reports/report-button").then((m) => m.ReportButton),
);
const reportMessage = ({ id, author }: { id: number; author: string }) => (
  <Suspense fallback={null}>
    <ReportButton kind="message" targetId={id} author={author} />
  </Suspense>
);

/** A positive integer id, else null. */
function parseUserId(id: string | undefined): number | null {
  if (id === undefined || !/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= 2147483647 ? n : null;
}

/**
 * /messages and /messages/{userId} (D88): signed-in only, rendered in the browser (routes/pages.ts serves them
 * noindex). Under lg the list and the conversation are separate pages; from lg on they stand side by side.
 */
export function MessagesScreen({ userId: rawId }: { userId?: string }) {
  const { user, isLoading } = useCurrentUser();
  const selected = rawId === undefined ? null : (parseUserId(rawId) ?? -1);
  useMessagesLive(Boolean(user));

  const head = (
    <>
      <PageTitle title="Messages" />
      <meta name="robots" content="noindex" />
    </>
  );
  if (isLoading) {
    return (
      <Container className="py-6">
        {head}
        <Skeleton className="h-[calc(100dvh-10rem)] min-h-[26rem] w-full rounded-2xl" />
      </Container>
    );
  }
  if (!user) {
    return (
      <Container className="py-16">
        {head}
        <EmptyState
          icon={<MessagesSquare />}
          title="Sign in to see your messages"
          description="Direct messages are for friends: sign in to read and write yours."
          action={
            <a
              href={loginUrl({ returnTo: typeof window === "undefined" ? "/messages" : window.location.pathname })}
              className={buttonClasses("gradient")}
            >
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          }
        />
      </Container>
    );
  }

  return (
    <Container className="py-4 sm:py-6">
      {head}
      {/* Under lg a conversation is a page of its own: its heading is for screen readers only there. */}
      <div className={selected === null ? "mb-4" : "lg:mb-4"}>
        <h1
          className={cn(
            "text-2xl font-extrabold tracking-tight sm:text-3xl",
            selected !== null && "sr-only lg:not-sr-only",
          )}
        >
          Messages
        </h1>
      </div>
      <div className="flex h-[calc(100dvh-9rem)] min-h-[26rem] overflow-hidden rounded-2xl border bg-card shadow-sm sm:h-[calc(100dvh-11rem)]">
        <section
          aria-label="Conversations"
          className={cn(
            "min-h-0 w-full flex-col overflow-y-auto lg:flex lg:w-80 lg:shrink-0 lg:border-r xl:w-96",
            selected === null ? "flex" : "hidden",
          )}
        >
          <ConversationList selectedUserId={selected} />
        </section>
        <section
          aria-label="Conversation"
          className={cn("min-h-0 min-w-0 flex-1 flex-col", selected === null ? "hidden lg:flex" : "flex")}
        >
          {selected === null ? (
            <div className="flex flex-1 flex-col items-center justify-center p-8 text-center text-muted-foreground">
              <MessageSquare className="mb-3 size-10" aria-hidden="true" />
              <p>Choose a conversation to read it.</p>
            </div>
          ) : (
            // A new conversation gets a fresh view (scroll position, composer).
            <ThreadView key={selected} userId={selected} meId={user.id} renderReport={reportMessage} />
          )}
        </section>
      </div>
    </Container>
  );
}
