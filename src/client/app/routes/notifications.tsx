import { useInfiniteQuery } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { Link } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { LoadMoreButton } from "@/components/load-more-button";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { SignedInOnly } from "@/components/signed-in-only";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { notificationHistoryQuery } from "@/features/notifications/api";
import { useMarkRead } from "@/features/notifications/mark-read";
import { NotificationRow } from "@/features/notifications/notification-list";
import { errorMessage } from "@/lib/api-client";

/** D85: the whole history (90 days), newest first, a page at a time; mark one (by opening it) or all read. */
function NotificationHistory() {
  const history = useInfiniteQuery(notificationHistoryQuery());
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = history.data?.pages[0]?.unread ?? 0;
  const read = useMarkRead();

  if (history.isPending)
    return <div role="status" aria-label="Loading notifications" className="h-64 animate-pulse rounded-2xl bg-muted" />;
  if (history.isError) {
    return (
      <EmptyState
        title="Could not load your notifications"
        description={errorMessage(history.error)}
        action={<Button onClick={() => void history.refetch()}>Try Again</Button>}
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Bell aria-hidden="true" />}
        title="No notifications yet"
        description="Friend requests, beaten scores, achievements and announcements will show up here."
      />
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{unread ? `${unread} unread` : "All caught up"}</p>
        <Button variant="outline" size="sm" disabled={!unread || read.isPending} onClick={() => read.mutate(undefined)}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <Card className="divide-y p-0">
        <ul className="divide-y">
          {items.map((item) => {
            const row = <NotificationRow item={item} />;
            const onOpen = () => {
              if (!item.readAt) read.mutate([item.id]);
            };
            return (
              <li key={item.id}>
                {item.link ? (
                  <Link
                    href={item.link}
                    onClick={onOpen}
                    className="block px-4 py-3 transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
                  >
                    {row}
                  </Link>
                ) : (
                  <button
                    type="button"
                    onClick={onOpen}
                    className="block w-full px-4 py-3 text-left transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
                  >
                    {row}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <LoadMoreButton query={history}>Show older</LoadMoreButton>
    </div>
  );
}

export function NotificationsScreen() {
  return (
    <>
      <PageTitle title="Notifications" />
      <PageHeader
        title="Notifications"
        icon={<Bell aria-hidden="true" />}
        description="What happened while you were away. Kept for 90 days."
      />
      <Container className="max-w-3xl py-8">
        <SignedInOnly what="your notifications">{() => <NotificationHistory />}</SignedInOnly>
      </Container>
    </>
  );
}
