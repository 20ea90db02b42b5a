import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn, refetchAfterGameChange } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson, withQuery } from "@/lib/api-client";
import {
  feedDetailSchema,
  feedDuplicateSchema,
  feedItemsApprovedSchema,
  feedItemsPageSchema,
  feedItemsRejectedSchema,
  feedSyncStartedSchema,
  feedViewSchema,
  type FeedCreate,
  type FeedDetail,
  type FeedItemView,
  type FeedPatch,
} from "@contract/admin/feeds";
import type { FeedItemStatus } from "@contract/feeds-constants";

/** How many items a page of the inbox shows. */
export const INBOX_PAGE_SIZE = 50;

const feedListSchema = z.object({ feeds: z.array(feedViewSchema) });

/** How often an open screen asks again while a sync it asked for is queued or a run is running. */
export const FEEDS_REFRESH_MS = 5000;

/**
 * GET /api/admin/feeds: every feed with its items counted by status and its last run (D110, admins only). `poll`:
 * ask again every few seconds, while a sync is waiting for its run.
 */
export function useFeeds(poll = false) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.feeds(),
    queryFn: ({ signal }) => getJson("/api/admin/feeds", { schema: feedListSchema, signal }),
    select: (data) => data.feeds,
    enabled: isAdmin,
    refetchInterval: (query) =>
      poll || query.state.data?.feeds.some((f) => f.lastRun?.state === "running") ? FEEDS_REFRESH_MS : false,
  });
}

/**
 * GET /api/admin/feeds/{id}: one feed with its last runs and the distributor's categories its items carry; `poll` as
 * for the list.
 */
export function useFeed(id: number, poll = false) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.feed(id),
    queryFn: ({ signal }) => getJson(`/api/admin/feeds/${id}`, { schema: feedDetailSchema, signal }),
    enabled: isAdmin,
    refetchInterval: (query) => (poll || query.state.data?.runs[0]?.state === "running" ? FEEDS_REFRESH_MS : false),
  });
}

/** A feed added, changed, synced or deleted changes the list, its page and the inbox's counts. */
function useFeedMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.feedsAll() }),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** POST /api/admin/feeds → 201 the feed. */
export const useCreateFeed = () =>
  useFeedMutation(async (body: FeedCreate): Promise<FeedDetail> =>
    feedDetailSchema.parse(await (await apiRequest("POST", "/api/admin/feeds", body)).json()),
  );

/** PATCH /api/admin/feeds/{id} → the feed. */
export const useUpdateFeed = () =>
  useFeedMutation(async ({ id, patch }: { id: number; patch: FeedPatch }): Promise<FeedDetail> =>
    feedDetailSchema.parse(await (await apiRequest("PATCH", `/api/admin/feeds/${id}`, patch)).json()),
  );

/** DELETE /api/admin/feeds/{id} → 204 (the games it published stay). */
export const useDeleteFeed = () =>
  useFeedMutation((id: number) => apiRequest("DELETE", `/api/admin/feeds/${id}`).then(() => undefined));

/** POST /api/admin/feeds/{id}/sync → 202 {jobId}: the sync is queued. */
export function useSyncFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      feedSyncStartedSchema.parse(await (await apiRequest("POST", `/api/admin/feeds/${id}/sync`)).json()),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.feedsAll() }),
        qc.invalidateQueries({ queryKey: adminKeys.jobsAll() }),
      ]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** The inbox's filters as the page holds them: empty is "any". */
export type InboxFilters = {
  feedId: string;
  status: FeedItemStatus | "";
  search: string;
  tag: string;
  category: string;
  mobile: "" | "true" | "false";
};

export type InboxPage = { items: FeedItemView[]; total: number; offset: number };

/** GET /api/admin/feed-items?feedId&status&search&tag&category&mobile&limit&offset; the count in X-Total-Count. */
export function feedItemsUrl(filters: InboxFilters, offset: number): string {
  return withQuery("/api/admin/feed-items", { ...filters, limit: INBOX_PAGE_SIZE, offset });
}

export async function getFeedItems(filters: InboxFilters, offset: number, signal?: AbortSignal): Promise<InboxPage> {
  const res = await apiRequest("GET", feedItemsUrl(filters, offset), undefined, { signal });
  const { items } = feedItemsPageSchema.parse(await res.json());
  const header = res.headers.get("X-Total-Count");
  return { items, total: header === null ? offset + items.length : Number(header), offset };
}

/** The inbox: one page of the items the filters select (D111). */
export function useFeedItems(filters: InboxFilters, offset: number) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.feedItems({ ...filters, offset }),
    queryFn: ({ signal }) => getFeedItems(filters, offset, signal),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });
}

/** Approving publishes (at once or by the feed's quota): the CMS's and the site's game lists follow. */
function useItemsMutation<Output>(mutationFn: (ids: number[]) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminKeys.feedsAll() }), refetchAfterGameChange(qc)]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** POST /api/admin/feed-items/approve {ids} → {approved, published}. */
export const useApproveItems = () =>
  useItemsMutation(async (ids: number[]) =>
    feedItemsApprovedSchema.parse(await (await apiRequest("POST", "/api/admin/feed-items/approve", { ids })).json()),
  );

/** POST /api/admin/feed-items/reject {ids} → {rejected}. */
export const useRejectItems = () =>
  useItemsMutation(async (ids: number[]) =>
    feedItemsRejectedSchema.parse(await (await apiRequest("POST", "/api/admin/feed-items/reject", { ids })).json()),
  );

const duplicatesSchema = z.object({ pairs: z.array(feedDuplicateSchema) });

/** GET /api/admin/feed-duplicates: the suggested duplicates, the pairs whose covers look alike first (D113). */
export function useFeedDuplicates() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.feedDuplicates(),
    queryFn: ({ signal }) =>
      getJson("/api/admin/feed-duplicates?limit=100", { schema: duplicatesSchema, signal }).then((d) => d.pairs),
    enabled: isAdmin,
  });
}

/** POST /api/admin/feed-duplicates/merge {keepId, otherId}, or /keep-apart {ids}: both 204. */
export function useResolveDuplicate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (decision: { merge: { keepId: number; otherId: number } } | { keepApart: [number, number] }) =>
      "merge" in decision
        ? apiRequest("POST", "/api/admin/feed-duplicates/merge", decision.merge)
        : apiRequest("POST", "/api/admin/feed-duplicates/keep-apart", { ids: decision.keepApart }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminKeys.feedsAll() }), refetchAfterGameChange(qc)]),
    onError: (err) => recheckSessionOn(qc, err),
  });
}
