import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadSharp } from "../server/services/sharp";

/**
 * A distributor's feed served from 127.0.0.1 for tests and the benchmark (D110): a catalogue of generated games in
 * one distributor's shape, paged the way that distributor pages, with the faults a real source shows switched on by
 * hand (busy answers, renamed fields, vanished items, slow or broken covers).
 */
export type FeedShape =
  "gamedistribution" | "gamedistribution-v1" | "gamepix" | "gamemonetize" | "gamemonetize-wrapped" | "json";

export type FixtureGame = {
  id: string;
  title: string;
  description: string;
  instructions: string;
  categories: string[];
  tags: string[];
  mobile: boolean;
  width: number;
  height: number;
};

const ADJECTIVES = ["Rusty", "Copper", "Neon", "Silent", "Brave", "Tiny", "Frozen", "Lucky", "Wild", "Golden"];
const NOUNS = ["Bubbles", "Dragons", "Puzzle", "Racer", "Castle", "Rocket", "Garden", "Knight", "Pirates", "Blocks"];
const CATEGORIES = ["Puzzle", "Racing", "Action", "Casual", "Sports", "Adventure"];
const WORDS =
  "match the colourful tiles before the timer runs out and collect stars along the way to unlock new worlds full of secrets friendly monsters and tricky levels that test your speed and your memory".split(
    " ",
  );

/** `count` games, the same every time for the same arguments: titles from word lists, ~300-character descriptions. */
export function fixtureGames(count: number, prefix = "g"): FixtureGame[] {
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 52 }, (_, w) => WORDS[(i * 7 + w * 3) % WORDS.length]);
    return {
      id: `${prefix}${String(i).padStart(6, "0")}`,
      title: `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${i}`,
      description: words.join(" ").slice(0, 300),
      instructions: "Use the arrow keys to move.",
      categories: [CATEGORIES[i % CATEGORIES.length]],
      tags: [...(i % 3 === 0 ? ["Kids Friendly"] : []), ...(i % 4 === 0 ? ["Blood"] : []), "HTML5"],
      mobile: i % 2 === 0,
      width: 800,
      height: 600,
    };
  });
}

export type FeedServer = {
  url: string;
  /** the feed's address (its first page is this with the distributor's paging parameters added) */
  feedUrl: string;
  games: FixtureGame[];
  shape: FeedShape;
  /** every path asked for, in order */
  requests: string[];
  /** answers the next `count` feed requests with this status and Retry-After */
  busy: { count: number; status: number; retryAfter?: string };
  /** renames a field of every entry (drift): e.g. ["Title", "Name"] */
  rename?: [string, string];
  /** answers the feed with this text instead (e.g. an HTML error page) */
  replaceBody?: string;
  coverUrl(game: FixtureGame): string;
  close(): Promise<void>;
};

function entryOf(shape: FeedShape, game: FixtureGame, base: string): Record<string, unknown> {
  const cover = `${base}/covers/${game.id}-512x384.jpg`;
  const embed = `${base}/play/${game.id}/`;
  switch (shape) {
    case "gamedistribution":
      return {
        Title: game.title,
        Md5: game.id,
        Description: game.description,
        Instructions: game.instructions,
        Type: "html5",
        SubType: "",
        Mobile: String(game.mobile),
        Width: game.width,
        Height: game.height,
        Url: embed,
        Asset: [`${base}/covers/${game.id}-512x512.jpg`, cover, `${base}/covers/${game.id}-1280x720.jpg`],
        Category: game.categories,
        Tag: game.tags,
      };
    case "gamedistribution-v1":
      return {
        md5: game.id,
        title: game.title,
        description: game.description,
        instructions: game.instructions,
        mobile: String(game.mobile),
        width: game.width,
        height: game.height,
        url: embed,
        assetList: [{ name: cover }],
        categoryList: game.categories.map((name) => ({ name })),
        tagList: game.tags.map((name) => ({ name })),
      };
    case "gamepix":
      return {
        id: game.id,
        title: game.title,
        namespace: game.id,
        description: game.description,
        category: game.categories[0],
        orientation: "landscape",
        quality_score: 0.8,
        width: game.width,
        height: game.height,
        date_published: "2026-01-02T03:04:05Z",
        banner_image: cover,
        image: cover,
        url: embed,
      };
    case "gamemonetize":
    case "gamemonetize-wrapped":
      return {
        id: game.id,
        title: game.title,
        description: game.description,
        instructions: game.instructions,
        url: embed,
        thumb: cover,
        width: String(game.width),
        height: String(game.height),
        category: game.categories[0],
        tags: game.tags.join(", "),
      };
    case "json":
      return {
        ref: game.id,
        name: game.title,
        about: { text: game.description },
        links: { play: embed, cover },
        genre: game.categories,
        labels: game.tags,
        touch: game.mobile,
      };
  }
}

/** The mapping a `json` feed of this server takes. */
export const FIXTURE_JSON_MAPPING = {
  items: "data.games",
  fields: {
    externalId: "ref",
    title: "name",
    description: "about.text",
    embedUrl: "links.play",
    imageUrl: "links.cover",
    categories: "genre",
    tags: "labels",
    mobile: "touch",
  },
  nextUrl: "data.next",
};

let coverPng: Promise<Buffer> | undefined;
function smallCover(): Promise<Buffer> {
  coverPng ??= loadSharp().then((sharp) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer(),
  );
  return coverPng;
}

export async function startFeedServer(options: { shape: FeedShape; games: FixtureGame[] }): Promise<FeedServer> {
  const requests: string[] = [];
  // eslint-disable-next-line prefer-const -- assigned once the server listens; the handler reads it
  let state: FeedServer;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", state.url);
    requests.push(url.pathname + url.search);
    void answer(url, res).catch(() => res.destroy());
  });

  async function answer(url: URL, res: http.ServerResponse): Promise<void> {
    if (url.pathname === "/feed") {
      if (state.busy.count > 0) {
        state.busy.count -= 1;
        res.writeHead(state.busy.status, state.busy.retryAfter ? { "retry-after": state.busy.retryAfter } : {});
        res.end("busy");
        return;
      }
      if (state.replaceBody !== undefined) {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(state.replaceBody);
        return;
      }
      const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
      const amountName = { gamepix: "pagination", gamemonetize: "num", "gamemonetize-wrapped": "num" }[
        state.shape as string
      ];
      const amount = Math.max(1, Number(url.searchParams.get(amountName ?? "amount") ?? 100));
      const slice = state.games.slice((page - 1) * amount, page * amount);
      const more = page * amount < state.games.length;
      let entries = slice.map((game) => entryOf(state.shape, game, state.url));
      if (state.rename) {
        const [from, to] = state.rename;
        entries = entries.map(({ [from]: value, ...rest }) => ({ ...rest, [to]: value }));
      }
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      const body =
        state.shape === "gamepix"
          ? { items: entries, next_url: more ? next.toString() : null }
          : state.shape === "gamemonetize-wrapped"
            ? { games: entries }
            : state.shape === "json"
              ? { data: { games: entries, next: more ? next.toString() : null } }
              : entries;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
      return;
    }
    const cover = /^\/covers\/([\w-]+)\.jpg$/.exec(url.pathname);
    if (cover) {
      const name = cover[1];
      if (name.startsWith("text")) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("not an image");
      } else if (name.startsWith("huge")) {
        res.writeHead(200, { "content-type": "image/jpeg" });
        res.end(Buffer.alloc(6 * 1024 * 1024, 1));
      } else if (name.startsWith("private")) {
        res.writeHead(302, { location: "http://10.1.2.3/cover.jpg" });
        res.end();
      } else if (name.startsWith("slow")) {
        setTimeout(() => {
          void smallCover().then((png) => {
            res.writeHead(200, { "content-type": "image/png" });
            res.end(png);
          });
        }, 3_000).unref();
      } else {
        res.writeHead(200, { "content-type": "image/png" });
        res.end(await smallCover());
      }
      return;
    }
    if (url.pathname.startsWith("/play/")) {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>game</title><p>playing</p>");
      return;
    }
    res.writeHead(404);
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state = {
    url: base,
    feedUrl: `${base}/feed`,
    games: options.games,
    shape: options.shape,
    requests,
    busy: { count: 0, status: 429 },
    coverUrl: (game) => `${base}/covers/${game.id}-512x384.jpg`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
