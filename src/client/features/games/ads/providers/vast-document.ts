import { VAST_LIMITS, type AdReason } from "@contract/ads-constants";

/** The one linear ad of a VAST document the page plays, and the addresses it tells about what the player saw. */
export type VastAd = {
  mediaUrl: string;
  mediaType: "video/mp4" | "video/webm";
  /** when the player may skip it (ms); null: the VAST set none, our 5 s apply */
  skipOffsetMs: number | null;
  clickThrough: string | null;
  tracking: { impression: string[]; start: string[]; complete: string[]; skip: string[]; click: string[] };
};

const PLAYABLE = ["video/mp4", "video/webm"] as const;

const httpUrl = (text: string | null | undefined): string | null => {
  const s = (text ?? "").trim();
  try {
    const url = new URL(s);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
};

const urls = (nodes: Iterable<Element>) => [...nodes].map((n) => httpUrl(n.textContent)).filter((u) => u !== null);

/** "HH:MM:SS(.mmm)" or "N%" of `durationMs` → ms; null when absent or unreadable. */
export function parseOffset(value: string | null, durationMs: number | null): number | null {
  if (!value) return null;
  const time = /^(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (time)
    return (
      (Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3])) * 1000 + Number((time[4] ?? "0").padEnd(3, "0"))
    );
  const percent = /^(\d{1,3})%$/.exec(value.trim());
  if (percent && durationMs !== null) return Math.round((Math.min(100, Number(percent[1])) / 100) * durationMs);
  return null;
}

/**
 * D152: the first inline linear ad with an MP4 or WebM file (progressive delivery first). A wrapper (an ad that
 * points at another tag) is not followed: its hosts are not in the site's CSP (ADR 033).
 */
export function parseVast(xml: string): VastAd | null {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.querySelector("parsererror") || doc.documentElement.nodeName !== "VAST") return null;
  for (const ad of doc.querySelectorAll("VAST > Ad")) {
    const inline = ad.querySelector(":scope > InLine");
    if (!inline) continue;
    for (const linear of inline.querySelectorAll("Creatives > Creative > Linear")) {
      const files = [...linear.querySelectorAll("MediaFiles > MediaFile")].filter((f) =>
        (PLAYABLE as readonly string[]).includes((f.getAttribute("type") ?? "").toLowerCase()),
      );
      files.sort(
        (a, b) =>
          Number(b.getAttribute("delivery") !== "streaming") - Number(a.getAttribute("delivery") !== "streaming"),
      );
      const file = files.find((f) => httpUrl(f.textContent));
      if (!file) continue;
      const duration = parseOffset(linear.querySelector(":scope > Duration")?.textContent ?? null, null);
      const events = (name: string) => urls(linear.querySelectorAll(`TrackingEvents > Tracking[event="${name}"]`));
      return {
        mediaUrl: httpUrl(file.textContent)!,
        mediaType: (file.getAttribute("type") ?? "").toLowerCase() as VastAd["mediaType"],
        skipOffsetMs: parseOffset(linear.getAttribute("skipoffset"), duration),
        clickThrough: httpUrl(linear.querySelector("VideoClicks > ClickThrough")?.textContent),
        tracking: {
          impression: urls(inline.querySelectorAll(":scope > Impression")),
          start: events("start"),
          complete: events("complete"),
          skip: events("skip"),
          click: urls(linear.querySelectorAll("VideoClicks > ClickTracking")),
        },
      };
    }
  }
  return null;
}

/** The tag's address with the common cache-busting macros filled in (VAST 4 [CACHEBUSTING], [TIMESTAMP]). */
export function expandMacros(tagUrl: string, now: Date, random: () => number = Math.random): string {
  return tagUrl
    .replaceAll("[CACHEBUSTING]", String(Math.floor(random() * 1e8)).padStart(8, "0"))
    .replaceAll("[TIMESTAMP]", encodeURIComponent(now.toISOString()));
}

/**
 * Fetches the tag from the player's browser (ADR 033): at most VAST_LIMITS.maxXmlBytes within
 * VAST_LIMITS.fetchTimeoutMs. Answers the ad, or why there is none.
 */
export async function fetchVast(tagUrl: string): Promise<VastAd | { notShown: AdReason }> {
  let res: Response;
  const signal = AbortSignal.timeout(VAST_LIMITS.fetchTimeoutMs);
  try {
    res = await fetch(expandMacros(tagUrl, new Date()), { credentials: "omit", signal });
    if (!res.ok || !res.body) return { notShown: "no_fill" };
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > VAST_LIMITS.maxXmlBytes) {
        await reader.cancel();
        return { notShown: "error" };
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    const xml = new TextDecoder().decode(bytes);
    return parseVast(xml) ?? { notShown: "no_fill" };
  } catch {
    return { notShown: signal.aborted ? "timeout" : "error" };
  }
}

/** Tells the ad server what happened: each address is asked once as an image (img-src already allows https:). */
export function track(addresses: readonly string[]): void {
  for (const address of addresses) new Image().src = address;
}
