/**
 * D151–D153: ads on the game page, on the server's side.
 *
 * Contract:
 * - `requestAd` answers a game page's ad request: it finds the page's session (its first play, which must be this
 *   game's and the caller's), reads Settings → Ads and school mode from the database, asks the policy
 *   (ad-policy.ts), then the provider (only with the player's consent to advertising when it needs that). Nothing the game frame says decides: the page passes only the placement.
 * - A shown ad moves the session's last-ad time in the same statement that checks it, so two requests at once
 *   show one ad. It counts an impression; a provider with nothing to show counts a no-fill.
 * - When no ad is shown, a rewarded request carries whether the reward is granted anyway (the setting).
 * - `recordAdEvent` counts what the page reports (dismissals, rewards, clicks) per UTC day, placement and game.
 * - House ads: their rows and files. No HTTP types here.
 */
import crypto from "node:crypto";
import { and, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import {
  AD_DISPLAY_SLOTS,
  AD_POLICY_DEFAULTS,
  type AdDisplaySlot,
  HOUSE_AD_LIMITS,
  type AdEvent,
  type AdPlacement,
  type AdProviderId,
  type AdReason,
} from "../../contract/ads-constants";
import type { Db } from "../db/client";
import { adSettingsTable, adStatsDailyTable, gamesTable, houseAdsTable, playsTable } from "../db/schema";
import { Invalid, NotFound, UnsupportedType } from "../errors";
import { decideAd, rewardWithoutAd, type AdPolicySettings } from "./ad-policy";
import { AD_PROVIDER_MODULES } from "./ads/providers";
import type { AdCreative, AdProviderSettings } from "./ads/providers/types";
import { communitySettings } from "./community-settings";
import type { FileStore } from "./file-store";
import { storeUploadedImage, type ImageLimits } from "./images";

export type AdSettings = Omit<AdPolicySettings, "gamesOff"> & { gamesOff: number[] } & AdProviderSettings;

const DEFAULTS: AdSettings = {
  provider: "none",
  firstAdAfterSeconds: AD_POLICY_DEFAULTS.firstAdAfterSeconds,
  minSecondsBetweenAds: AD_POLICY_DEFAULTS.minSecondsBetweenAds,
  rewardWhenOff: AD_POLICY_DEFAULTS.rewardWhenOff,
  gamesOff: [],
  googleClientId: "",
  googleFrequencyHintSeconds: 30,
  googleTestMode: false,
  vastTagUrl: "",
  displaySlots: [],
  googleSlotBeside: "",
  googleSlotBelow: "",
  googleSlotGrid: "",
};

export async function readAdSettings(db: Db): Promise<AdSettings> {
  const [row] = await db.select().from(adSettingsTable).where(eq(adSettingsTable.id, 1));
  if (!row) return { ...DEFAULTS };
  return {
    provider: row.provider,
    firstAdAfterSeconds: row.firstAdAfterSeconds,
    minSecondsBetweenAds: row.minSecondsBetweenAds,
    rewardWhenOff: row.rewardWhenOff,
    gamesOff: row.gamesOff,
    googleClientId: row.googleClientId,
    googleFrequencyHintSeconds: row.googleFrequencyHintSeconds,
    googleTestMode: row.googleTestMode,
    vastTagUrl: row.vastTagUrl,
    displaySlots: row.displaySlots.filter((s): s is AdDisplaySlot =>
      (AD_DISPLAY_SLOTS as readonly string[]).includes(s),
    ),
    googleSlotBeside: row.googleSlotBeside,
    googleSlotBelow: row.googleSlotBelow,
    googleSlotGrid: row.googleSlotGrid,
  };
}

const SETTINGS_CACHE_MS = 5_000;
const settingsCache = new WeakMap<Db, { at: number; value: Promise<AdSettings> }>();

/**
 * The settings for every document's CSP (D153): read at most every 5 s per database, and again at once after a
 * save in this process.
 */
export function cachedAdSettings(db: Db, now = Date.now()): Promise<AdSettings> {
  const hit = settingsCache.get(db);
  if (hit && now - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const value = readAdSettings(db);
  settingsCache.set(db, { at: now, value });
  value.catch(() => settingsCache.delete(db));
  return value;
}

export async function saveAdSettings(db: Db, patch: Partial<AdSettings>): Promise<AdSettings> {
  const next = { ...(await readAdSettings(db)), ...patch };
  next.gamesOff = [...new Set(next.gamesOff)].sort((a, b) => a - b);
  // D152: a provider is switched on only with what it needs to ask its network
  if (next.provider === "google" && !next.googleClientId)
    throw new Invalid("Google H5 Games Ads needs the client id (ca-pub-…)");
  if (next.provider === "vast" && !next.vastTagUrl) throw new Invalid("A VAST provider needs the VAST tag's address");
  if (next.gamesOff.length) {
    const known = await db
      .select({ id: gamesTable.id })
      .from(gamesTable)
      .where(sql`${gamesTable.id} = any(${sql.param(next.gamesOff)}::integer[])`);
    const missing = next.gamesOff.filter((id) => !known.some((k) => k.id === id));
    if (missing.length) throw new Invalid(`No game has the id ${missing.join(", ")}`);
  }
  const values = { ...next, gamesOff: [...next.gamesOff], displaySlots: [...next.displaySlots], updatedAt: new Date() };
  await db
    .insert(adSettingsTable)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: adSettingsTable.id, set: values });
  settingsCache.delete(db);
  return next;
}

export type AdAnswer =
  | { show: true; placement: AdPlacement; ad: AdCreative }
  | { show: false; placement: AdPlacement; reason: AdReason; granted: boolean };

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export async function countAdEvent(
  db: Db,
  entry: { gameId: number; placement: AdPlacement; event: AdEvent; now: Date },
): Promise<void> {
  await db
    .insert(adStatsDailyTable)
    .values({ day: utcDay(entry.now), placement: entry.placement, gameId: entry.gameId, event: entry.event, count: 1 })
    .onConflictDoUpdate({
      target: [adStatsDailyTable.day, adStatsDailyTable.placement, adStatsDailyTable.gameId, adStatsDailyTable.event],
      set: { count: sql`${adStatsDailyTable.count} + 1` },
    });
}

/** The page's session: its first play, this game's and the caller's (a guest's play has no user). */
export async function findAdSession(db: Db, gameId: number, playId: string, userId: number | null) {
  const [play] = await db
    .select({ createdAt: playsTable.createdAt, lastAdAt: playsTable.lastAdAt })
    .from(playsTable)
    .where(
      and(
        eq(playsTable.id, playId),
        eq(playsTable.gameId, gameId),
        userId === null ? isNull(playsTable.userId) : or(isNull(playsTable.userId), eq(playsTable.userId, userId)),
      ),
    );
  if (!play) throw new NotFound("This play is not known");
  return play;
}

export async function requestAd(
  db: Db,
  request: {
    gameId: number;
    playId: string;
    userId: number | null;
    placement: AdPlacement;
    advertisingConsent: boolean;
    now: Date;
  },
): Promise<AdAnswer> {
  const { gameId, playId, placement, now } = request;
  const session = await findAdSession(db, gameId, playId, request.userId);
  const settings = await readAdSettings(db);
  const { schoolMode } = await communitySettings(db);
  const none = (reason: AdReason): AdAnswer => ({
    show: false,
    placement,
    reason,
    granted: placement === "reward" && rewardWithoutAd(settings),
  });
  const decision = decideAd({
    settings,
    schoolMode,
    gameId,
    placement,
    sessionStartedAt: session.createdAt,
    lastAdAt: session.lastAdAt,
    now,
  });
  if (!decision.allowed) return none(decision.reason);
  const provider = AD_PROVIDER_MODULES[settings.provider];
  if (provider.needsConsent && !request.advertisingConsent) return none("no_consent");

  let ad: AdCreative | null;
  try {
    ad = await provider.fill(db, { placement, gameId, now, settings });
  } catch {
    ad = null; // a provider's fault is a no-fill, not a broken page
  }
  if (!ad) {
    await countAdEvent(db, { gameId, placement, event: "no_fill", now });
    return none("no_fill");
  }
  // the check and the move in one statement: of two breaks asked for at once, one is shown
  const gap = placement === "reward" ? 0 : settings.minSecondsBetweenAds;
  const moved = await db
    .update(playsTable)
    .set({ lastAdAt: now })
    .where(
      and(
        eq(playsTable.id, playId),
        or(
          isNull(playsTable.lastAdAt),
          lte(playsTable.lastAdAt, new Date(now.getTime() - gap * 1000)),
          sql`${placement === "reward"}`,
        ),
      ),
    )
    .returning({ id: playsTable.id });
  if (!moved.length) return none("frequency");
  await countAdEvent(db, { gameId, placement, event: "impression", now });
  return { show: true, placement, ad };
}

// ---- house ads ----------------------------------------------------------------------------------------------

export type HouseAd = typeof houseAdsTable.$inferSelect;

export type HouseAdFields = {
  title: string;
  link: string;
  weight: number;
  startsOn: string | null;
  endsOn: string | null;
};

function checkDates(fields: Pick<HouseAdFields, "startsOn" | "endsOn">) {
  if (fields.startsOn && fields.endsOn && fields.endsOn < fields.startsOn)
    throw new Invalid("The end date must not be before the start date");
}

/** What a video file is, by its first bytes (the name and the declared type are not trusted). */
export function videoTypeOf(head: Buffer): "mp4" | "webm" | null {
  if (head.length >= 12 && head.subarray(4, 8).toString("latin1") === "ftyp") return "mp4";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  return null;
}

/** Images go through images.ts (decoded, re-encoded, no metadata); videos are checked by their first bytes. */
export async function storeHouseAdMedia(
  files: FileStore,
  file: { bytes: Buffer; mimetype: string },
  imageLimits: ImageLimits,
): Promise<{ kind: "image" | "video"; mediaUrl: string }> {
  if (file.mimetype.startsWith("video/")) {
    const type = videoTypeOf(file.bytes);
    if (!type) throw new UnsupportedType("This file is not an MP4 or WebM video");
    if (file.bytes.length > HOUSE_AD_LIMITS.maxVideoBytes)
      throw new Invalid(`A video may be at most ${HOUSE_AD_LIMITS.maxVideoBytes / (1024 * 1024)} MB`);
    const name = `${crypto.createHash("sha256").update(file.bytes).digest("hex").slice(0, 32)}.${type}`;
    await files.put(`uploads/ads/${name}`, file.bytes, { contentType: `video/${type}` });
    return { kind: "video", mediaUrl: `/uploads/ads/${name}` };
  }
  const { imageUrl } = await storeUploadedImage(files, file.bytes, imageLimits);
  return { kind: "image", mediaUrl: imageUrl };
}

export async function createHouseAd(
  db: Db,
  fields: HouseAdFields & { kind: "image" | "video"; mediaUrl: string },
): Promise<HouseAd> {
  checkDates(fields);
  const [row] = await db.insert(houseAdsTable).values(fields).returning();
  return row!;
}

export async function updateHouseAd(db: Db, id: number, fields: Partial<HouseAdFields>): Promise<HouseAd> {
  const [current] = await db.select().from(houseAdsTable).where(eq(houseAdsTable.id, id));
  if (!current) throw new NotFound("No house ad has this id");
  checkDates({ startsOn: fields.startsOn ?? current.startsOn, endsOn: fields.endsOn ?? current.endsOn });
  const [row] = await db.update(houseAdsTable).set(fields).where(eq(houseAdsTable.id, id)).returning();
  return row!;
}

export async function deleteHouseAd(db: Db, id: number): Promise<void> {
  const removed = await db.delete(houseAdsTable).where(eq(houseAdsTable.id, id)).returning({ id: houseAdsTable.id });
  if (!removed.length) throw new NotFound("No house ad has this id");
}

export async function listHouseAds(db: Db): Promise<HouseAd[]> {
  return db.select().from(houseAdsTable).orderBy(desc(houseAdsTable.id));
}

export type AdStatsRow = {
  day: string;
  placement: string;
  gameId: number;
  gameTitle: string;
  impressions: number;
  noFills: number;
  dismissals: number;
  rewards: number;
  clicks: number;
};

/** D153: the daily counts of the last `days` days, newest first (the chart is later work). */
export async function adStats(db: Db, now: Date, days = 30): Promise<AdStatsRow[]> {
  const since = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await db
    .select({
      day: adStatsDailyTable.day,
      placement: adStatsDailyTable.placement,
      gameId: adStatsDailyTable.gameId,
      gameTitle: gamesTable.title,
      event: adStatsDailyTable.event,
      count: adStatsDailyTable.count,
    })
    .from(adStatsDailyTable)
    .innerJoin(gamesTable, eq(gamesTable.id, adStatsDailyTable.gameId))
    .where(gte(adStatsDailyTable.day, since))
    .orderBy(desc(adStatsDailyTable.day), gamesTable.title, adStatsDailyTable.placement);
  const byKey = new Map<string, AdStatsRow>();
  const field: Record<AdEvent, keyof AdStatsRow> = {
    impression: "impressions",
    no_fill: "noFills",
    dismissal: "dismissals",
    reward: "rewards",
    click: "clicks",
  };
  for (const r of rows) {
    const key = `${r.day}|${r.gameId}|${r.placement}`;
    let row = byKey.get(key);
    if (!row) {
      row = {
        day: r.day,
        placement: r.placement,
        gameId: r.gameId,
        gameTitle: r.gameTitle,
        impressions: 0,
        noFills: 0,
        dismissals: 0,
        rewards: 0,
        clicks: 0,
      };
      byKey.set(key, row);
    }
    (row[field[r.event]] as number) = r.count;
  }
  return [...byKey.values()];
}

export function isProvider(id: string): id is AdProviderId {
  return id in AD_PROVIDER_MODULES;
}
