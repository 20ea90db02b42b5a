import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import { getJson, withQuery } from "@/lib/api-client";
import type { NotificationItem } from "@contract/player-live";

/** D85: a player's notifications. Personal: asked in the browser only. */

export type NotificationPage = { unread: number; items: NotificationItem[] };

export const notificationKeys = {
  all: ["notifications"] as const,
  latest: () => [...notificationKeys.all, "latest"] as const,
  history: () => [...notificationKeys.all, "history"] as const,
};

/** What the bell shows: the unread count and the newest few. */
export const BELL_ITEMS = 8;
export const HISTORY_PAGE = 20;

export const latestNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.latest(),
    queryFn: () => getJson<NotificationPage>(withQuery("/api/notifications", { limit: BELL_ITEMS })),
    staleTime: 60_000,
    meta: { clientOnly: true },
  });

export const notificationHistoryQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.history(),
    queryFn: ({ pageParam }) =>
      getJson<NotificationPage>(withQuery("/api/notifications", { limit: HISTORY_PAGE, before: pageParam })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.items.length < HISTORY_PAGE ? undefined : last.items[last.items.length - 1].id),
    meta: { clientOnly: true },
  });

/** A notification pushed live: first in the bell's list, with the count the server sent. */
export function applyPushed(qc: QueryClient, item: NotificationItem, unread: number): void {
  qc.setQueryData<NotificationPage>(notificationKeys.latest(), (old) =>
    old ? { unread, items: [item, ...old.items.filter((n) => n.id !== item.id)].slice(0, BELL_ITEMS) } : old,
  );
  void qc.invalidateQueries({ queryKey: notificationKeys.history() });
}
