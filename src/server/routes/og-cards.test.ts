import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { STATIC_PAGE_META } from "../../contract/pages";
import { asAdmin, createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { usersTable } from "../db/schema";
import { DiskStore } from "../services/file-store";
import { loadCard } from "../services/og-cards";
import { loadSiteContent } from "../services/pages";

/**
 * D71 (issue 26 item 8): every public page names a 1200×630 link preview picture in its first HTML; the pages
 * without one of their own get a card (the site's, a page's, a category's, a collection's, a player's).
 */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>Arcadium</title></head>
  <body><div id="root"></div></body>
</html>`;

/** The page's og: and twitter: meta tags, by name, the way a link preview reads them. */
function previewTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [tag] of html.slice(0, html.indexOf("</head>")).matchAll(/<meta [^>]*>/g)) {
    const key = tag.match(/(?:property|name)="((?:og|twitter):[^"]*)"/)?.[1];
    const content = tag.match(/content="([^"]*)"/)?.[1];
    if (key && content !== undefined)
      tags[key] = content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
  }
  return tags;
}

describeEachDatabase(
  "link preview cards (D71)",
  (t) => {
    const { req } = asAdmin(t);
    const publicUrl = () => t().config.publicUrl.replace(/\/+$/, "");
    const get = (url: string) => t().app.inject({ method: "GET", url });
    const previewOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      return previewTags(res.body);
    };
    /** The picture at an og:image URL: a 1200×630 PNG cached for a year. */
    const fetchCard = async (imageUrl: string) => {
      expect(imageUrl.startsWith(`${publicUrl()}/`), imageUrl).toBe(true);
      const res = await get(new URL(imageUrl).pathname);
      expect(res.statusCode, imageUrl).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      return res;
    };
    const setSiteName = async (value: string) => {
      const items = (await req("GET", "/api/admin/website-content")).json() as Array<{
        id: number;
        section: string;
        key: string;
      }>;
      const item = items.find((i) => i.section === "site" && i.key === "name")!;
      expect((await req("PATCH", `/api/admin/website-content/${item.id}`, { value })).statusCode).toBe(200);
    };

    it("every public page names a 1200×630 picture on PUBLIC_URL with its alt text and a large Twitter card", async () => {
      const games = (await get("/api/games?limit=50")).json() as Array<{
        id: number;
        categorySlug: string;
        imageUrl: string;
      }>;
      const category = games[0].categorySlug;
      // A game whose cover is elsewhere (never fetched): a card of its own instead.
      const remote = await req("POST", "/api/admin/games", {
        title: "Remote Cover Racer",
        description: "Its cover lives on another site.",
        imageUrl: "https://images.example.test/racer.png",
        externalUrl: "https://games.example.test/racer/",
        categoryId: (await get(`/api/games/${games[0].id}`)).json().categoryId,
      });
      expect(remote.statusCode).toBe(201);
      const player = await createUserWithSession(t(), { username: "card_player" });
      const pages = [
        "/",
        ...Object.keys(STATIC_PAGE_META),
        `/category/${category}`,
        "/category/new",
        `/profile/${player.user.id}`,
        `/game/${games[0].id}`,
        `/game/${remote.json().id}`,
      ];
      for (const url of pages) {
        const tags = await previewOf(url);
        expect(tags["og:image"], url).toBeTruthy();
        expect([tags["og:image:width"], tags["og:image:height"]], url).toEqual(["1200", "630"]);
        expect(tags["og:image:alt"], url).toBeTruthy();
        expect(tags["twitter:card"], url).toBe("summary_large_image");
        expect(tags["twitter:image"], url).toBe(tags["og:image"]);
        expect(tags["twitter:image:alt"], url).toBe(tags["og:image:alt"]);
        const picture = await fetchCard(tags["og:image"]);
        expect(await sharp(picture.rawPayload).metadata(), url).toMatchObject({ width: 1200, height: 630 });
        if (!url.startsWith("/game/")) expect(picture.headers["content-type"], url).toBe("image/png");
      }
      const home = await previewOf("/");
      expect(home["og:image"]).toMatch(new RegExp(`^${publicUrl()}/og/site/home/[\\w-]{22}\\.png$`));
      expect(home["og:image:alt"]).toBe("Arcadium - Play, Chat, Compete");
      expect(await sharp((await fetchCard(home["og:image"])).rawPayload).metadata()).toMatchObject({
        format: "png",
        width: 1200,
        height: 630,
      });
      expect((await previewOf(`/game/${remote.json().id}`))["og:image"]).toMatch(/\/og\/game\/\d+\/[\w-]{22}\.png$/);
      // A card is not a grey box: the site's violet dominates it.
      const { dominant } = await sharp((await fetchCard(home["og:image"])).rawPayload).stats();
      expect(dominant.b).toBeGreaterThan(dominant.g);
    });

    it("the site card follows the site name: a new URL and picture; the old URL leads to the new card, whose file replaced it", async () => {
      const before = (await previewOf("/"))["og:image"];
      const leaderboardBefore = (await previewOf("/leaderboard"))["og:image"];
      const oldPicture = (await fetchCard(before)).rawPayload;
      try {
        await setSiteName("Pixel Parlour");
        const after = await previewOf("/");
        expect(after["og:image"]).not.toBe(before);
        expect(after["og:image:alt"]).toBe("Pixel Parlour - Play, Chat, Compete");
        expect((await previewOf("/leaderboard"))["og:image"]).not.toBe(leaderboardBefore);
        const newPicture = (await fetchCard(after["og:image"])).rawPayload;
        expect(newPicture.equals(oldPicture)).toBe(false);
        const stale = await get(new URL(before).pathname);
        expect(stale.statusCode).toBe(302);
        expect(stale.headers.location).toBe(new URL(after["og:image"]).pathname);
        expect(stale.headers["cache-control"]).toBe("no-cache");
        // One file per subject on disk.
        expect(
          fs
            .readdirSync(path.join(path.join(t().config.dataDir, "og-cards"), "site", "home"))
            .filter((f) => f.endsWith(".png")),
        ).toHaveLength(1);
      } finally {
        await setSiteName("Arcadium");
      }
    });

    it("a private profile's card shows its name, avatar and the page's note only, and does not change with what it hides", async () => {
      const owner = await createUserWithSession(t(), { username: "hidden_hana" });
      const avatarFile = path.join(t().config.dataDir, "uploads", "avatars", "hana.webp");
      fs.mkdirSync(path.dirname(avatarFile), { recursive: true });
      fs.writeFileSync(
        avatarFile,
        await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0ea5e9" } })
          .webp()
          .toBuffer(),
      );
      const db = t().database.db;
      await db
        .update(usersTable)
        .set({ avatarUrl: "/uploads/avatars/hana.webp", createdAt: new Date("2026-03-05T12:00:00Z") })
        .where(eq(usersTable.id, owner.user.id));
      const cardOf = async () => {
        const { publicUrl: url, gamesUrl, dataDir } = t().config;
        const card = await loadCard(
          { db, publicUrl: url, gamesUrl, files: new DiskStore(dataDir) },
          await loadSiteContent(db),
          {
            kind: "profile",
            id: owner.user.id,
          },
        );
        t().app.reads.invalidate();
        return card!;
      };
      const publicCard = await cardOf();
      expect(publicCard.content).toMatchObject({
        layout: "profile",
        name: "hidden_hana",
        detail: "Member since March 2026",
        locked: false,
      });

      await db.update(usersTable).set({ profileVisibility: "private" }).where(eq(usersTable.id, owner.user.id));
      const privateCard = await cardOf();
      expect(privateCard.path).not.toBe(publicCard.path);
      const { avatar, ...texts } = privateCard.content as Extract<typeof privateCard.content, { layout: "profile" }>;
      expect(texts).toEqual({
        layout: "profile",
        site: "Arcadium",
        host: new URL(publicUrl()).host,
        name: "hidden_hana",
        detail: "This profile is private",
        locked: true,
      });
      // The avatar the page itself shows a signed-out visitor (D87).
      expect(avatar?.equals(fs.readFileSync(avatarFile))).toBe(true);
      expect(privateCard.alt).toBe("hidden_hana on Arcadium");

      // What the private profile hides (here: since when they are a member) does not reach its card.
      await db
        .update(usersTable)
        .set({ createdAt: new Date("2025-01-01T00:00:00Z") })
        .where(eq(usersTable.id, owner.user.id));
      expect((await cardOf()).path).toBe(privateCard.path);
      const tags = await previewOf(`/profile/${owner.user.id}`);
      expect(new URL(tags["og:image"]).pathname).toBe(privateCard.path);
      expect(tags["og:image:alt"]).toBe("hidden_hana on Arcadium");
      expect(await sharp((await fetchCard(tags["og:image"])).rawPayload).metadata()).toMatchObject({
        width: 1200,
        height: 630,
      });
      // A friends-only profile says so instead.
      await db.update(usersTable).set({ profileVisibility: "friends" }).where(eq(usersTable.id, owner.user.id));
      expect((await cardOf()).content).toMatchObject({
        detail: "Only hidden_hana's friends can see their profile",
        locked: true,
      });
    });

    it("no card for what does not exist: unknown or disabled subjects and malformed URLs answer 404 and draw nothing", async () => {
      const disabled = await createUserWithSession(t());
      await t()
        .database.db.update(usersTable)
        .set({ disabledAt: new Date() })
        .where(eq(usersTable.id, disabled.user.id));
      const hash = "a".repeat(22);
      for (const url of [
        `/og/category/no-such-category/${hash}.png`,
        `/og/profile/987654/${hash}.png`,
        `/og/profile/${disabled.user.id}/${hash}.png`,
        `/og/collection/nope/${hash}.png`,
        `/og/game/987654/${hash}.png`,
        `/og/page/no-such-page/${hash}.png`,
        `/og/page/cms/${hash}.png`,
        `/og/site/other/${hash}.png`,
        `/og/wallpaper/home/${hash}.png`,
        `/og/site/home/short.png`,
        `/og/site/home/${hash}.jpg`,
        `/og/profile/..%2F..%2Fdb/${hash}.png`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers["cache-control"], url).toBe("no-cache");
      }
      const dir = path.join(t().config.dataDir, "og-cards");
      const drawn = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
      expect(drawn.filter((f) => /987654|no-such|nope|other|wallpaper/.test(f))).toEqual([]);
      expect(drawn.some((f) => f.startsWith(path.join("profile", String(disabled.user.id))))).toBe(false);
    });
  },
  { clientFiles: { "index.html": TEMPLATE } },
);
