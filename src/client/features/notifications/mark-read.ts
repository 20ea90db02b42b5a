import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { NotificationItem } from "@contract/player-live";
import { notificationKeys, type NotificationPage } from "./api";

/**
 * Marking notifications read: the bell's menu and the notifications screen do it. Apart from api.ts, which
 * the header of every signed-in page reads for the bell's badge, so that the mutation's code is not in it (D73).
 */

/** D100: marks these (or, without ids, all) read; the server answers the unread count left. */
export async function markRead(ids?: number[]): Promise<number> {
  const res = await apiRequest("POST", "/api/notifications/read", ids ? { ids } : {});
  return ((await res.json()) as { unread: number }).unread;
}

/** Applies a read to what is cached at once (the bell's badge drops before the server answers). */
export function applyRead(qc: QueryClient, ids: number[] | undefined, unread?: number): void {
  const now = new Date().toISOString();
  const mark = (items: NotificationItem[]) =>
    items.map((n) => (!n.readAt && (!ids || ids.includes(n.id)) ? { ...n, readAt: now } : n));
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
