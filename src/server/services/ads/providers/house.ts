import { and, gte, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { houseAdsTable } from "../../../db/schema";
import type { AdProvider, HouseCreative } from "./types";

type Candidate = { weight: number };

/** A weighted pick: each candidate's chance is its weight over the sum. `random` is in [0, 1). */
export function pickWeighted<T extends Candidate>(candidates: readonly T[], random: number): T | null {
  const total = candidates.reduce((sum, c) => sum + Math.max(0, c.weight), 0);
  if (total <= 0) return null;
  let left = random * total;
  for (const c of candidates) {
    left -= Math.max(0, c.weight);
    if (left < 0) return c;
  }
  return candidates[candidates.length - 1] ?? null;
}

const day = (now: Date) => now.toISOString().slice(0, 10);

/**
 * D152: ads the site's admins uploaded, served from the site's own origin: no outside source, no cookie, no
 * consent needed. One of the ads whose dates include today (UTC), picked by weight.
 */
export function houseProvider(random: () => number = Math.random): AdProvider {
  return {
    id: "house",
    needsConsent: false,
    cspSources: () => ({}),
    async fill(db: Db, { now }): Promise<HouseCreative | null> {
      const today = day(now);
      const active = await db
        .select()
        .from(houseAdsTable)
        .where(
          and(
            or(isNull(houseAdsTable.startsOn), lte(houseAdsTable.startsOn, today)),
            or(isNull(houseAdsTable.endsOn), gte(houseAdsTable.endsOn, today)),
          ),
        )
        .orderBy(houseAdsTable.id);
      const ad = pickWeighted(active, random());
      if (!ad) return null;
      return { provider: "house", id: ad.id, kind: ad.kind, mediaUrl: ad.mediaUrl, link: ad.link, title: ad.title };
    },
  };
}
