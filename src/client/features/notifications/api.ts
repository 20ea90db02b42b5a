import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { NotificationItem } from "@contract/player-live";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage, getJson, withQuery } from "@/lib/api-client";

/** D85, D100: a player's notifications. Personal: asked in the browser only (D70). */

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
    queryFn: ({ pageParam }) => getJson<NotificationPage>(withQuery("/api/notifications", { limit: HISTORY_PAGE, before: pageParam })),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.items.length < HISTORY_PAGE ? undefined : last.items[last.items.length - 1].id),
    meta: { clientOnly: true },
  });

/** D100: marks these (or, without ids, all) read; the server answers the unread count left. */
export async function markRead(ids?: number[]): Promise<number> {
  const res = await apiRequest("POST", "/api/notifications/read", ids ? { ids } : {});
  return ((await res.json()) as { unread: number }).unread;
}

/** Applies a read to what is cached at once (the bell's badge drops before the server answers). */
export function applyRead(qc: QueryClient, ids: number[] | undefined, unread?: number): void {
  const now = new Date().toISOString();
  const mark = (items: NotificationItem[]) => items.map((n) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt: now } : n));
  qc.setQueryData<NotificationPage>(notificationKeys.latest(), (old) => {
    if (!old) return old;
    const items = mark(old.items);
    const newlyRead = old.items.filter((n, i) => !n.readAt && items[i].readAt).length;
    return { unread: unread ?? Math.max(0, old.unread - newlyRead), items };
  });
  qc.setQueryData<{ pages: NotificationPage[]; pageParams: unknown[] }>(notificationKeys.history(), (old) => {
    if (!old) return old;
    const newlyRead = old.pages.flatMap((p) => p.items).filter((n) => !n.readAt && (!ids || ids.includes(n.id))).length;
    return {
      ...old,
      pages: old.pages.map((p) => ({ unread: unread ?? Math.max(0, p.unread - newlyRead), items: mark(p.items) })),
    };
  });
}

/** A notification pushed live: first in the bell's list, with the count the server sent. */
export function applyPushed(qc: QueryClient, item: NotificationItem, unread: number): void {
  qc.setQueryData<NotificationPage>(notificationKeys.latest(), (old) =>
    old ? { unread, items: [item, ...old.items.filter((n) => n.id !== item.id)].slice(0, BELL_ITEMS) } : old,
  );
  void qc.invalidateQueries({ queryKey: notificationKeys.history() });
}

/** Marks notifications read (some ids, or all without): the cache first, then the server's count; a failure says so and refetches. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markRead(ids),
    onMutate: (ids) => applyRead(qc, ids),
    onSuccess: (left, ids) => applyRead(qc, ids, left),
    onError: (error) => {
      toast({ title: "Could not mark as read", description: errorMessage(error), variant: "destructive" });
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
