import type { OverlayOptions } from "sharp";
import { initials } from "../../contract/initials";
import { OG_IMAGE_SIZE, openPicture } from "./og-images";
import { loadSharp } from "./sharp";

/**
 * D71: the drawing of a link preview card, 1200×630 PNG, in the site's colours: a site card (name and tagline),
 * a titled card (a static page, a collection, a game without a cover stored here), a category's card (with a
 * few of its covers) and a player's card (avatar or initials). No database, no files, no HTTP types:
 * services/og-cards.ts decides what a card says and keeps the files.
 *
 * Contract:
 * - The card shows only the texts and pictures in its CardContent.
 * - Texts are escaped for Pango markup, cut to a fixed length, and shrunk to fit their box (never drawn outside
 *   it); pictures are decoded at most 40 megapixels, first frame only. A picture that cannot be decoded is left out.
 * - Fonts: the machine's (DejaVu Sans on Debian, here and in CI), then the usual fallbacks, then any sans-serif.
 */

export type CardContent =
  | { layout: "site"; site: string; tagline: string; host: string }
  | { layout: "titled"; site: string; host: string; eyebrow: string; title: string; text: string }
  | {
      layout: "category";
      site: string;
      host: string;
      eyebrow: string;
      title: string;
      text: string;
      detail: string;
      pictures: Buffer[];
    }
  | { layout: "profile"; site: string; host: string; name: string; avatar?: Buffer; detail: string; locked: boolean };

const { width: W, height: H } = OG_IMAGE_SIZE;
const FONTS = "DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif";
const COLORS = {
  background: "#0b0a13",
  deep: "#1a1035",
  violet: "#8b5cf6",
  primary: "#7c3aed",
  fuchsia: "#d946ef",
  pink: "#db2777",
  text: "#ffffff",
  soft: "#d9d4f2",
  muted: "#a5a0c2",
  eyebrow: "#e9b6ff",
};
const MARGIN = 80;

const escapeMarkup = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** At most `max` characters (whole code points), ending in "…" when cut; line breaks become spaces. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : chars.join("");
}

type Layer = { input: Buffer; width: number; height: number };

/** A block of text at `size` px wrapped to `width`, shrunk until it fits `maxHeight`; undefined for no text. */
async function textBlock(
  text: string,
  o: {
    width: number;
    size: number;
    maxHeight: number;
    color: string;
    bold?: boolean;
    letterSpacing?: number;
    align?: "left" | "centre";
  },
): Promise<Layer | undefined> {
  if (!text.trim()) return undefined;
  const spacing = o.letterSpacing ? ` letter_spacing="${Math.round(o.letterSpacing * 1024)}"` : "";
  const markup = `<span foreground="${o.color}"${spacing}>${escapeMarkup(text)}</span>`;
  const sharp = await loadSharp();
  const render = (fit: boolean) =>
    sharp({
      text: {
        text: markup,
        font: `${FONTS} ${o.bold ? "Bold " : ""}${o.size}`,
        width: o.width,
        ...(fit ? { height: o.maxHeight } : { dpi: 72 }),
        rgba: true,
        wrap: "word-char",
        align: o.align === "centre" ? "centre" : "left",
        spacing: Math.round(o.size * 0.18),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  let out = await render(false);
  if (out.info.height > o.maxHeight) out = await render(true);
  return { input: out.data, width: out.info.width, height: out.info.height };
}

/**
 * One line of text (a name) at `size` px, made smaller until it fits `width`; a name too long for that even
 * at `minSize` wraps instead (textBlock).
 */
async function lineBlock(
  text: string,
  o: { width: number; size: number; minSize: number; maxHeight: number; color: string; bold?: boolean },
): Promise<Layer | undefined> {
  if (!text.trim()) return undefined;
  const markup = `<span foreground="${o.color}">${escapeMarkup(text)}</span>`;
  const sharp = await loadSharp();
  const render = (size: number) =>
    sharp({ text: { text: markup, font: `${FONTS} ${o.bold ? "Bold " : ""}${size}`, dpi: 72, rgba: true } })
      .png()
      .toBuffer({ resolveWithObject: true });
  const first = await render(o.size);
  if (first.info.width <= o.width) return { input: first.data, width: first.info.width, height: first.info.height };
  const size = Math.floor((o.size * o.width) / first.info.width);
  if (size < o.minSize) return textBlock(text, { ...o, size: o.minSize });
  const fitted = await render(size);
  return { input: fitted.data, width: fitted.info.width, height: fitted.info.height };
}

/** The site's mark (the favicon's gamepad on its gradient square), `size` px. */
function markSvg(x: number, y: number, size: number): string {
  const k = size / 32;
  return `<g transform="translate(${x} ${y}) scale(${k})">
    <rect width="32" height="32" rx="8" fill="url(#mark)"/>
    <path d="M9 13h4m-2-2v4m8-1h.01M22 12h.01M8.3 9h15.4a3 3 0 0 1 3 2.7l.9 7.9A3.2 3.2 0 0 1 22 21.5l-2.3-2.3a2 2 0 0 0-1.4-.6h-4.6a2 2 0 0 0-1.4.6L10 21.5a3.2 3.2 0 0 1-5.6-1.9l.9-7.9A3 3 0 0 1 8.3 9z" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;
}

/** Play-button shapes floating at the card's edge, faint. */
function shapesSvg(opacity: number): string {
  const shape = (x: number, y: number, r: number, kind: "circle" | "triangle" | "cross" | "square", colour: string) => {
    const common = `fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${Math.max(6, r / 5)}" stroke-linecap="round" stroke-linejoin="round"`;
    if (kind === "circle") return `<circle cx="${x}" cy="${y}" r="${r}" ${common}/>`;
    if (kind === "square")
      return `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="${r / 4}" transform="rotate(14 ${x} ${y})" ${common}/>`;
    if (kind === "cross")
      return `<path d="M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}" ${common}/>`;
    return `<path d="M${x} ${y - r}L${x + r * 0.95} ${y + r * 0.7}L${x - r * 0.95} ${y + r * 0.7}Z" transform="rotate(-10 ${x} ${y})" ${common}/>`;
  };
  return [
    shape(1010, 150, 62, "circle", COLORS.violet),
    shape(1120, 330, 40, "cross", COLORS.fuchsia),
    shape(960, 470, 56, "triangle", COLORS.pink),
    shape(1110, 560, 30, "square", COLORS.violet),
    shape(860, 90, 22, "square", COLORS.fuchsia),
  ].join("");
}

/** The card's backdrop: deep violet with two glows, a dot grid and the brand gradient along the bottom. */
function backdropSvg(extra: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.deep}"/><stop offset="0.6" stop-color="${COLORS.background}"/><stop offset="1" stop-color="#12081f"/></linearGradient>
    <radialGradient id="glowA" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${COLORS.primary}" stop-opacity="0.55"/><stop offset="1" stop-color="${COLORS.primary}" stop-opacity="0"/></radialGradient>
    <radialGradient id="glowB" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${COLORS.pink}" stop-opacity="0.38"/><stop offset="1" stop-color="${COLORS.pink}" stop-opacity="0"/></radialGradient>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${COLORS.violet}"/><stop offset="0.55" stop-color="${COLORS.fuchsia}"/><stop offset="1" stop-color="${COLORS.pink}"/></linearGradient>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.violet}"/><stop offset="1" stop-color="${COLORS.fuchsia}"/></linearGradient>
    <pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="#ffffff" fill-opacity="0.07"/></pattern>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#dots)"/>
  <circle cx="1040" cy="40" r="520" fill="url(#glowA)"/>
  <circle cx="80" cy="700" r="460" fill="url(#glowB)"/>
  ${extra}
  <rect x="0" y="${H - 10}" width="${W}" height="10" fill="url(#brand)"/>
</svg>`);
}

async function compose(backdrop: Buffer, layers: OverlayOptions[]): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(backdrop).composite(layers).png({ compressionLevel: 6 }).toBuffer();
}

/** The site's mark and name in the top-left corner and its address at the bottom-left (every card but the site's). */
async function brandLayers(site: string, host: string): Promise<{ svg: string; layers: OverlayOptions[] }> {
  const name = await textBlock(clip(site, 40), { width: 620, size: 30, maxHeight: 40, color: COLORS.text, bold: true });
  const address = await textBlock(clip(host, 60), { width: 700, size: 24, maxHeight: 32, color: COLORS.muted });
  const layers: OverlayOptions[] = [];
  if (name) layers.push({ input: name.input, left: MARGIN + 70, top: Math.round(64 + 26 - name.height / 2) });
  if (address) layers.push({ input: address.input, left: MARGIN, top: H - 58 - address.height });
  return { svg: markSvg(MARGIN, 64, 52), layers };
}

/** Text blocks stacked downwards from `top`, each `gap` px below the previous one. */
function stack(
  blocks: Array<{ layer: Layer | undefined; gap: number }>,
  left: number,
  top: number,
): { layers: OverlayOptions[]; bottom: number } {
  const layers: OverlayOptions[] = [];
  let y = top;
  for (const { layer, gap } of blocks) {
    if (!layer) continue;
    if (layers.length) y += gap;
    layers.push({ input: layer.input, left, top: Math.round(y) });
    y += layer.height;
  }
  return { layers, bottom: y };
}

function stackHeight(blocks: Array<{ layer: Layer | undefined; gap: number }>): number {
  return blocks.filter((b) => b.layer).reduce((sum, b, i) => sum + (i ? b.gap : 0) + b.layer!.height, 0);
}

/** Blocks centred vertically between the brand row and the address. */
function centredStack(
  blocks: Array<{ layer: Layer | undefined; gap: number }>,
  left: number,
  area = { top: 150, bottom: H - 110 },
): OverlayOptions[] {
  const height = stackHeight(blocks);
  return stack(blocks, left, area.top + Math.max(0, (area.bottom - area.top - height) / 2)).layers;
}

async function siteCard(c: Extract<CardContent, { layout: "site" }>): Promise<Buffer> {
  const textWidth = W - 2 * MARGIN - 220;
  const name = await textBlock(clip(c.site, 40), {
    width: textWidth,
    size: 112,
    maxHeight: 250,
    color: COLORS.text,
    bold: true,
  });
  const tagline = await textBlock(clip(c.tagline, 90), {
    width: textWidth,
    size: 42,
    maxHeight: 120,
    color: COLORS.soft,
  });
  const address = await textBlock(clip(c.host, 60), { width: 700, size: 26, maxHeight: 36, color: COLORS.muted });
  const blocks = [
    { layer: name, gap: 0 },
    { layer: tagline, gap: 26 },
  ];
  const height = stackHeight(blocks);
  const top = Math.max(90, (H - height) / 2 - 20);
  const left = MARGIN + 190;
  const { layers, bottom } = stack(blocks, left, top);
  const rule = `<rect x="${left}" y="${Math.round(bottom + 34)}" width="120" height="8" rx="4" fill="url(#brand)"/>`;
  if (address) layers.push({ input: address.input, left, top: Math.round(bottom + 66) });
  return compose(backdropSvg(`${shapesSvg(0.22)}${markSvg(MARGIN, top + 8, 150)}${rule}`), layers);
}

async function titledCard(c: Extract<CardContent, { layout: "titled" }>): Promise<Buffer> {
  const brand = await brandLayers(c.site, c.host);
  const width = W - 2 * MARGIN - 180;
  const blocks = [
    {
      layer: await textBlock(clip(c.eyebrow.toUpperCase(), 40), {
        width,
        size: 24,
        maxHeight: 34,
        color: COLORS.eyebrow,
        bold: true,
        letterSpacing: 3,
      }),
      gap: 0,
    },
    {
      layer: await lineBlock(clip(c.title, 70), {
        width,
        size: 88,
        minSize: 60,
        maxHeight: 220,
        color: COLORS.text,
        bold: true,
      }),
      gap: 18,
    },
    { layer: await textBlock(clip(c.text, 170), { width, size: 34, maxHeight: 130, color: COLORS.soft }), gap: 30 },
  ];
  return compose(backdropSvg(`${shapesSvg(0.2)}${brand.svg}`), [...brand.layers, ...centredStack(blocks, MARGIN)]);
}

/** A picture as a rounded tile `w`×`h` with a thin light edge, or undefined when it cannot be decoded. */
async function tile(picture: Buffer, w: number, h: number, radius: number, edged = true): Promise<Buffer | undefined> {
  try {
    const fitted = await (
      await openPicture(picture, { width: w, height: h })
    )
      .resize({ width: w, height: h, fit: "cover", position: "centre" })
      .flatten({ background: COLORS.deep })
      .png()
      .toBuffer();
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${radius}"/></svg>`,
    );
    const edge = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="2" y="2" width="${w - 4}" height="${h - 4}" rx="${radius - 2}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/></svg>`,
    );
    const sharp = await loadSharp();
    return await sharp(fitted)
      .ensureAlpha()
      .composite([{ input: mask, blend: "dest-in" }, ...(edged ? [{ input: edge, blend: "over" as const }] : [])])
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** A cover's tile: larger when it is the only one. */
const coverSize = (count: number) => (count === 1 ? { width: 450, height: 338 } : { width: 350, height: 262 });

/** Up to three covers fanned out on the right half: their shadows (SVG) and the rotated tiles. */
async function fan(pictures: Buffer[]): Promise<{ svg: string; layers: OverlayOptions[] }> {
  const shown = pictures.slice(0, 3);
  const size = coverSize(shown.length);
  const tiles = (await Promise.all(shown.map((p) => tile(p, size.width, size.height, 24)))).filter((t): t is Buffer =>
    Boolean(t),
  );
  const places = [
    [{ x: 890, y: 330, angle: -3 }],
    [
      { x: 830, y: 270, angle: -7 },
      { x: 960, y: 390, angle: 6 },
    ],
    [
      { x: 800, y: 235, angle: -9 },
      { x: 985, y: 265, angle: 8 },
      { x: 890, y: 420, angle: -2 },
    ],
  ][tiles.length - 1];
  if (!places) return { svg: "", layers: [] };
  let svg = "";
  const layers: OverlayOptions[] = [];
  for (const [i, t] of tiles.entries()) {
    const { x, y, angle } = places[i];
    svg += `<rect x="${x - size.width / 2}" y="${y - size.height / 2 + 14}" width="${size.width}" height="${size.height}" rx="24" transform="rotate(${angle} ${x} ${y})" fill="#000000" fill-opacity="0.55" filter="url(#shadow)"/>`;
    const sharp = await loadSharp();
    const rotated = await sharp(t)
      .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer({ resolveWithObject: true });
    layers.push({
      input: rotated.data,
      left: Math.round(x - rotated.info.width / 2),
      top: Math.round(y - rotated.info.height / 2),
    });
  }
  return { svg, layers };
}

async function categoryCard(c: Extract<CardContent, { layout: "category" }>): Promise<Buffer> {
  const brand = await brandLayers(c.site, c.host);
  const covers = await fan(c.pictures);
  const width = covers.layers.length ? 520 : W - 2 * MARGIN - 180;
  const blocks = [
    {
      layer: await textBlock(clip(c.eyebrow.toUpperCase(), 40), {
        width,
        size: 24,
        maxHeight: 34,
        color: COLORS.eyebrow,
        bold: true,
        letterSpacing: 3,
      }),
      gap: 0,
    },
    {
      layer: await lineBlock(clip(c.title, 50), {
        width,
        size: 84,
        minSize: 56,
        maxHeight: 200,
        color: COLORS.text,
        bold: true,
      }),
      gap: 16,
    },
    { layer: await textBlock(clip(c.text, 130), { width, size: 30, maxHeight: 120, color: COLORS.soft }), gap: 28 },
    {
      layer: await textBlock(clip(c.detail, 40), { width, size: 26, maxHeight: 36, color: COLORS.eyebrow, bold: true }),
      gap: 26,
    },
  ];
  return compose(backdropSvg(`${covers.layers.length ? "" : shapesSvg(0.2)}${brand.svg}${covers.svg}`), [
    ...brand.layers,
    ...covers.layers,
    ...centredStack(blocks, MARGIN),
  ]);
}

async function profileCard(c: Extract<CardContent, { layout: "profile" }>): Promise<Buffer> {
  const brand = await brandLayers(c.site, c.host);
  const size = 260;
  const cx = MARGIN + 20 + size / 2;
  const cy = 335;
  const ring = `<circle cx="${cx}" cy="${cy}" r="${size / 2 + 14}" fill="url(#brand)"/><circle cx="${cx}" cy="${cy}" r="${size / 2 + 5}" fill="${COLORS.background}"/>`;
  const layers: OverlayOptions[] = [...brand.layers];
  let face = "";
  const picture = c.avatar ? await tile(c.avatar, size, size, size / 2, false) : undefined;
  if (picture) layers.push({ input: picture, left: cx - size / 2, top: cy - size / 2 });
  else {
    face = `<circle cx="${cx}" cy="${cy}" r="${size / 2}" fill="url(#mark)"/>`;
    const letters = await textBlock(initials(c.name), {
      width: size,
      size: 104,
      maxHeight: 140,
      color: COLORS.text,
      bold: true,
      align: "centre",
    });
    if (letters)
      layers.push({
        input: letters.input,
        left: Math.round(cx - letters.width / 2),
        top: Math.round(cy - letters.height / 2),
      });
  }
  const left = cx + size / 2 + 70;
  const width = W - left - MARGIN;
  // A locked profile's note starts after a padlock drawn beside it.
  const indent = c.locked ? 46 : 0;
  const blocks = [
    {
      layer: await textBlock("PLAYER", {
        width,
        size: 24,
        maxHeight: 34,
        color: COLORS.eyebrow,
        bold: true,
        letterSpacing: 3,
      }),
      gap: 0,
    },
    {
      layer: await lineBlock(clip(c.name, 40), {
        width,
        size: 80,
        minSize: 48,
        maxHeight: 200,
        color: COLORS.text,
        bold: true,
      }),
      gap: 14,
    },
    {
      layer: await textBlock(clip(c.detail, 80), {
        width: width - indent,
        size: 32,
        maxHeight: 90,
        color: COLORS.soft,
      }),
      gap: 22,
    },
  ];
  const placed = centredStack(blocks, left);
  let padlock = "";
  const note = placed.at(-1);
  if (c.locked && note && blocks[2].layer) {
    note.left = left + indent;
    const y = (note.top ?? 0) + 4;
    padlock = `<g transform="translate(${left} ${y})" fill="none" stroke="${COLORS.eyebrow}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="14" width="26" height="20" rx="4"/><path d="M9 14v-5a7 7 0 0 1 14 0v5"/></g>`;
  }
  layers.push(...placed);
  return compose(backdropSvg(`${shapesSvg(0.14)}${brand.svg}${ring}${face}${padlock}`), layers);
}

/** The card as a 1200×630 PNG. */
export function renderCard(content: CardContent): Promise<Buffer> {
  switch (content.layout) {
    case "site":
      return siteCard(content);
    case "titled":
      return titledCard(content);
    case "category":
      return categoryCard(content);
    case "profile":
      return profileCard(content);
  }
}
