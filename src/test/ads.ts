/** D151–D153: helpers of the ad tests: a small PNG and MP4, a house ad uploaded through the CMS route, a play in the past. */
import sharp from "sharp";
import { insertPlay } from "./factories";
import type { TestApp } from "./test-app";
import { multipart } from "./uploads";

export async function pngBytes(color = "#3355ff"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 36, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The first bytes of an MP4 (an `ftyp` box) and a little more: enough for the type check, not a playable film. */
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom", "latin1"),
  Buffer.alloc(64, 1),
]);

export const HOUSE_AD_FIELDS = {
  title: "Play Space Race",
  link: "https://example.com/space-race",
  weight: "1",
  startsOn: "",
  endsOn: "",
};

export async function uploadHouseAd(
  t: () => TestApp,
  cookies: Record<string, string>,
  options: { fields?: Record<string, string>; content?: Buffer; type?: string; filename?: string } = {},
) {
  const body = multipart(
    { ...HOUSE_AD_FIELDS, ...options.fields },
    {
      field: "media",
      filename: options.filename ?? "ad.png",
      content: options.content ?? (await pngBytes()),
      type: options.type ?? "image/png",
    },
  );
  return t().app.inject({ method: "POST", url: "/api/admin/ads/house", cookies, ...body });
}

/** A guest's play of `gameId` that began `secondsAgo` seconds ago: a page session that old. */
export async function playStartedAgo(t: () => TestApp, gameId: number, secondsAgo: number) {
  return insertPlay(t(), { gameId, createdAt: new Date(Date.now() - secondsAgo * 1000) });
}
