import type { FeedDetail, FeedItemView, FeedRunView, FeedView } from "@contract/admin/feeds";

/** The feeds' screens' tests: an admin, and feeds, runs and items as the API answers them. */
export const FEED_ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

export const makeRun = (id: number, over: Partial<FeedRunView> = {}): FeedRunView => ({
  id,
  state: "succeeded",
  pages: 2,
  newItems: 12,
  updatedItems: 3,
  goneItems: 1,
  invalidItems: 2,
  seenItems: 17,
  error: null,
  startedAt: "2026-12-06T14:10:00.000Z",
  finishedAt: "2026-12-06T14:11:00.000Z",
  ...over,
});

export const makeFeed = (id: number, over: Partial<FeedView> = {}): FeedView => ({
  id,
  kind: "gamedistribution",
  name: `Feed ${id}`,
  url: null,
  publisherId: null,
  mapping: null,
  categoryMap: {},
  schedule: "daily",
  rules: {},
  carriesAds: true,
  paused: false,
  formatChangedAt: null,
  lastSyncedAt: "2026-12-06T14:11:00.000Z",
  createdAt: "2026-12-01T10:00:00.000Z",
  items: { new: 0, approved: 0, published: 0, rejected: 0, gone: 0 },
  lastRun: null,
  ...over,
});

export const makeFeedDetail = (id: number, over: Partial<FeedDetail> = {}): FeedDetail => ({
  ...makeFeed(id),
  runs: [],
  categories: [],
  ...over,
});

export const makeItem = (id: number, over: Partial<FeedItemView> = {}): FeedItemView => ({
  id,
  feedId: 1,
  feedName: "GameDistribution",
  externalId: `ext-${id}`,
  status: "new",
  title: `Item ${id}`,
  description: "",
  embedUrl: `https://html5.gamedistribution.com/${id}/`,
  coverUrl: null,
  coverError: null,
  categories: ["Puzzle"],
  tags: ["puzzle"],
  mobile: true,
  width: 800,
  height: 600,
  gameId: null,
  firstSeenAt: "2026-12-06T14:10:00.000Z",
  lastSeenAt: "2026-12-06T14:10:00.000Z",
  ...over,
});
