import crypto from "node:crypto";
import { PSEUDO_CATEGORIES } from "../../contract/categories";
import {
  categoryDescription,
  collectionDescription,
  restrictedProfileNote,
  STATIC_PAGE_META,
  type StaticPagePath,
} from "../../contract/pages";
import type { Db } from "../db/client";
import { NotFound } from "../errors";
import { getCategoryBySlug } from "./categories";
import { getCollectionBySlug } from "./collections";
import { readAll, type FileStore } from "./file-store";
import { getGame, listCollectionGames, listGames } from "./game-catalogue";
import { renderCard, type CardContent } from "./og-card-render";
import { localCoverKey, OG_IMAGE_SIZE, putOnce, readStoredPicture } from "./og-images";
import { onePictureAtATime } from "./sharp";
import { getUserProfile } from "./users";

/**
 * D71: the link preview card of every public page that has no picture of its own: the site's (home page), a
 * static page's, a category's, a collection's, a player's, and a game's whose cover is not stored here.
 * No HTTP types: routes/pages.ts serves the cards at their URL and services/pages.ts names them in the head.
 *
 * Contract:
 * - A card's URL is `/og/{kind}/{key}/{hash}.png`; the hash is taken over everything the card shows (texts and
 *   the pictures' bytes), so a new site name, tagline, category text, cover, avatar or name gives a new URL, and
 *   the file at a URL never changes (it may be cached for a year).
 * - `loadCard` answers undefined for a subject that does not exist (an unknown category, a disabled player):
 *   no card is ever made for it. A player's card is made from their profile as a signed-out visitor sees it
 *   (D87): a private profile's card shows its name, its avatar and the note the page shows, nothing else.
 * - Only pictures stored here are read (never a remote address), each at most MAX_PICTURE_BYTES.
 * - Bounded work: one file per subject on disk (DATA_DIR/og-cards/{kind}/{key}/{hash}.png; a new card removes
 *   the subject's older one), made once (concurrent requests share it), and one card drawn at a time per process.
 */

export type CardSubject =
  | { kind: "site" }
  | { kind: "page"; path: StaticPagePath }
  | { kind: "category"; slug: string }
  | { kind: "collection"; slug: string }
  | { kind: "profile"; id: number }
  | { kind: "game"; id: number };

export type CardContext = { db: Db; publicUrl: string; gamesUrl: string; files: FileStore };

/** The website content a card reads (site.name, site.tagline and what a static page's description reads). */
export type CardSiteTexts = { get(key: string): string };

export type Card = {
  subject: CardSubject;
  content: CardContent;
  hash: string;
  /** the card's path on the site (`/og/…`) */
  path: string;
  alt: string;
};

/** A change here redraws every card (a new hash for the same texts). */
const CARD_DESIGN_VERSION = 1;
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const COVERS_PER_CARD = 3;
const HASH = /^[\w-]{22}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Where the cards live in the store (og-cards/{kind}/{key}/{hash}.png), served by their route only. */
export const OG_CARDS_PREFIX = "og-cards/";

/** The key of a subject in its URL and folder name. */
function subjectKey(subject: CardSubject): string {
  switch (subject.kind) {
    case "site":
      return "home";
    case "page":
      return subject.path.slice(1).replace("/", ".");
    case "category":
    case "collection":
      return subject.slug;
    case "profile":
    case "game":
      return String(subject.id);
  }
}

const positiveId = (raw: string): number | undefined =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;

/** The subject a card URL's `{kind}/{key}` names, or undefined for anything else. */
export function parseCardSubject(kind: string, key: string): CardSubject | undefined {
  if (kind === "site") return key === "home" ? { kind } : undefined;
  if (kind === "page") {
    const pagePath = `/${key.replace(".", "/")}`;
    return /^[a-z-]+(\.[a-z-]+)?$/.test(key) && Object.prototype.hasOwnProperty.call(STATIC_PAGE_META, pagePath)
      ? { kind, path: pagePath as StaticPagePath }
      : undefined;
  }
  if (kind === "category" || kind === "collection")
    return key.length <= 64 && SLUG.test(key) ? { kind, slug: key } : undefined;
  if (kind === "profile" || kind === "game") {
    const id = positiveId(key);
    return id === undefined ? undefined : { kind, id };
  }
  return undefined;
}

/** The file name a card URL ends with (`{hash}.png`) → its hash, or undefined. */
export function parseCardFile(file: string): string | undefined {
  const hash = file.endsWith(".png") ? file.slice(0, -4) : "";
  return HASH.test(hash) ? hash : undefined;
}

/** The bytes of a picture stored here, or undefined (elsewhere, missing, too large). */
async function localPicture(files: FileStore, url: string | null | undefined): Promise<Buffer | undefined> {
  const key = url ? localCoverKey(url) : undefined;
  return key ? readStoredPicture(files, key, MAX_PICTURE_BYTES) : undefined;
}

async function localPictures(files: FileStore, urls: readonly string[]): Promise<Buffer[]> {
  const pictures = await Promise.all(urls.slice(0, COVERS_PER_CARD).map((url) => localPicture(files, url)));
  return pictures.filter((p): p is Buffer => p !== undefined);
}

const gamesCount = (n: number) =>
  n === 0 ? "No games yet" : n === 1 ? "1 game" : `${n.toLocaleString("en-US")} games`;

const memberSince = (createdAt: string) =>
  `Member since ${new Date(createdAt).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })}`;

/** What the card of `subject` shows and its alt text, or undefined when the subject does not exist. */
async function cardContent(
  ctx: CardContext,
  texts: CardSiteTexts,
  subject: CardSubject,
): Promise<{ content: CardContent; alt: string } | undefined> {
  const site = texts.get("site.name");
  const tagline = texts.get("site.tagline");
  let host: string;
  try {
    host = new URL(ctx.publicUrl).host;
  } catch {
    host = ctx.publicUrl;
  }
  const on = (what: string) => `${what} on ${site}`;
  switch (subject.kind) {
    case "site":
      return { content: { layout: "site", site, tagline, host }, alt: tagline ? `${site} - ${tagline}` : site };
    case "page": {
      const meta = STATIC_PAGE_META[subject.path];
      return {
        content: {
          layout: "titled",
          site,
          host,
          eyebrow: "",
          title: meta.title,
          text: meta.description(site, texts.get),
        },
        alt: on(meta.title),
      };
    }
    case "category": {
      const pseudo = Object.prototype.hasOwnProperty.call(PSEUDO_CATEGORIES, subject.slug)
        ? PSEUDO_CATEGORIES[subject.slug as keyof typeof PSEUDO_CATEGORIES]
        : undefined;
      const category = pseudo ? undefined : await getCategoryBySlug(ctx.db, subject.slug);
      const title = pseudo ?? category?.name;
      if (!title) return undefined;
      const { games, total } = await listGames(ctx.db, ctx.gamesUrl, {
        category: subject.slug,
        sort: "popular",
        limit: COVERS_PER_CARD,
      });
      const covers = await localPictures(
        ctx.files,
        games.map((g) => g.imageUrl),
      );
      const categoryPicture = covers.length ? undefined : await localPicture(ctx.files, category?.imageUrl);
      return {
        content: {
          layout: "category",
          site,
          host,
          eyebrow: "Category",
          title,
          text: category?.description?.trim() || categoryDescription(site, title),
          // A built-in list (New, Hot) is drawn from the whole catalogue: its size says nothing about it.
          detail: pseudo ? "" : gamesCount(total),
          pictures: covers.length ? covers : categoryPicture ? [categoryPicture] : [],
        },
        alt: on(`${title} games`),
      };
    }
    case "collection": {
      const collection = await getCollectionBySlug(ctx.db, subject.slug);
      const listed = collection
        ? await listCollectionGames(ctx.db, ctx.gamesUrl, subject.slug, { limit: COVERS_PER_CARD })
        : undefined;
      if (!collection || !listed) return undefined;
      return {
        content: {
          layout: "category",
          site,
          host,
          eyebrow: "Collection",
          title: collection.title,
          text: collection.description.trim() || collectionDescription(site, collection.title),
          detail: gamesCount(listed.total),
          pictures: await localPictures(
            ctx.files,
            listed.games.map((g) => g.imageUrl),
          ),
        },
        alt: on(collection.title),
      };
    }
    case "profile": {
      let profile;
      try {
        // D87: as a signed-out visitor sees it: a restricted profile is its name and avatar only.
        profile = await getUserProfile(ctx.db, subject.id, null);
      } catch (err) {
        if (err instanceof NotFound) return undefined;
        throw err;
      }
      const detail =
        profile.restricted || !profile.createdAt ? restrictedProfileNote(profile) : memberSince(profile.createdAt);
      const avatar = await localPicture(ctx.files, profile.avatarUrl);
      return {
        content: { layout: "profile", site, host, name: profile.username, avatar, detail, locked: profile.restricted },
        alt: on(profile.username),
      };
    }
    case "game": {
      const game = await getGame(ctx.db, ctx.gamesUrl, subject.id);
      if (!game) return undefined;
      return {
        content: { layout: "titled", site, host, eyebrow: game.category, title: game.title, text: game.description },
        alt: on(game.title),
      };
    }
  }
}

/** The hash of everything a card shows: its texts, and its pictures by their bytes. */
function contentHash(content: CardContent): string {
  const digest = (b: Buffer) => crypto.createHash("sha256").update(b).digest("base64url");
  const pictures =
    content.layout === "category"
      ? content.pictures
      : content.layout === "profile" && content.avatar
        ? [content.avatar]
        : [];
  const shown = JSON.stringify({
    v: CARD_DESIGN_VERSION,
    texts: { ...content, pictures: undefined, avatar: undefined },
    pictures: pictures.map(digest),
  });
  return crypto.createHash("sha256").update(shown).digest("base64url").slice(0, 22);
}

/** The card of `subject` as it is now (its URL included), or undefined when the subject does not exist. */
export async function loadCard(
  ctx: CardContext,
  texts: CardSiteTexts,
  subject: CardSubject,
): Promise<Card | undefined> {
  // A subject whose URL could not name it back (a slug from before the slug rules) has no card.
  if (!parseCardSubject(subject.kind, subjectKey(subject))) return undefined;
  const described = await cardContent(ctx, texts, subject);
  if (!described) return undefined;
  const hash = contentHash(described.content);
  return { subject, ...described, hash, path: `/og/${subject.kind}/${subjectKey(subject)}/${hash}.png` };
}

/** The head's image for a card: its absolute URL on PUBLIC_URL, its size and alt text. */
export function cardImage(card: Card, publicUrl: string): { url: string; alt: string; width: number; height: number } {
  return { url: `${publicUrl.replace(/\/+$/, "")}${card.path}`, alt: card.alt, ...OG_IMAGE_SIZE };
}

/** The card's PNG, drawn now when it is not stored yet; the subject's older card is then removed. */
export async function ensureCardFile(files: FileStore, card: Card): Promise<Buffer> {
  const folder = `${OG_CARDS_PREFIX}${card.subject.kind}/${subjectKey(card.subject)}/`;
  const key = `${folder}${card.hash}.png`;
  const made = await putOnce(files, key, () => onePictureAtATime(() => renderCard(card.content)), "image/png");
  if (made) {
    for await (const other of files.list(folder))
      if (other.key !== key && other.key.endsWith(".png")) await files.remove(other.key);
  }
  const stored = await files.get(key);
  if (!stored) throw new Error(`The card ${key} went missing after it was stored`);
  return readAll(stored);
}

/** D87: a deleted player's card goes with the rest of their data (their avatar and name are on it). */
export async function removeProfileCard(files: FileStore, userId: number): Promise<void> {
  await files.removePrefix(`${OG_CARDS_PREFIX}profile/${userId}/`);
}
