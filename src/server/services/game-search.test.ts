import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { insertGame } from "../../test/factories";
import { fixtureGames, startFeedServer, type FeedServer } from "../../test/feed-server";
import { describeEachDatabase } from "../../test/test-app";
import { feedItemsTable, gamesTable } from "../db/schema";
import { approveItems } from "./feed-publishing";
import { syncFeed } from "./feed-sync";
import { createFeed } from "./feeds";
import { listGames } from "./game-catalogue";
import { outsideFetch } from "./outside-fetch";

/**
 * ADR 028: a typo is looked up among the words of the shown games' titles (title_words), which every write of
 * `games` keeps: a game added, retitled, hidden, shown again or deleted, one at a time or a feed's bulk publishing.
 */
describeEachDatabase(
  "a typo's similar words come from the shown titles' words (ADR 028)",
  (t) => {
    const db = () => t().database.db;
    const titles = async (search: string) =>
      (await listGames(db(), "http://games.test", { search })).games.map((game) => game.title);
    /** How many shown titles have each of these words (title_words), absent words left out. */
    const counted = async (...words: string[]) =>
      Object.fromEntries(
        (
          await db().execute(
            sql`select word, games from title_words where word in (${sql.join(
              words.map((w) => sql`${w}`),
              sql`, `,
            )}) order by word`,
          )
        ).rows.map((row) => [(row as { word: string }).word, Number((row as { games: number }).games)]),
      );

    it("finds a title by a misspelt word right after the game is added", async () => {
      await insertGame(t(), { title: "Quillowisp Meadow" });
      expect(await counted("quillowisp")).toEqual({ quillowisp: 1 });
      expect(await titles("Quilowisp")).toEqual(["Quillowisp Meadow"]);
      expect(await titles("meadow quilowisp")).toEqual(["Quillowisp Meadow"]);
    });

    it("forgets a word once no shown title has it: hidden, retitled, deleted; and learns it back when shown", async () => {
      const zonkwhirl = await insertGame(t(), { title: "Brambleskink Zonkwhirl" });
      const dive = await insertGame(t(), { title: "Brambleskink Dive" });
      expect(await counted("brambleskink")).toEqual({ brambleskink: 2 });

      await db().update(gamesTable).set({ hiddenReason: "gone" }).where(eq(gamesTable.id, zonkwhirl.id));
      expect(await counted("brambleskink")).toEqual({ brambleskink: 1 });
      expect(await titles("Bramblesknk")).toEqual(["Brambleskink Dive"]);

      await db().update(gamesTable).set({ title: "Thornback Dive" }).where(eq(gamesTable.id, dive.id));
      expect(await counted("brambleskink", "thornback")).toEqual({ thornback: 1 });
      expect(await titles("Bramblesknk")).toEqual([]);

      await db().update(gamesTable).set({ hiddenReason: null }).where(eq(gamesTable.id, zonkwhirl.id));
      expect(await counted("brambleskink")).toEqual({ brambleskink: 1 });
      expect(await titles("Bramblesknk")).toEqual(["Brambleskink Zonkwhirl"]);

      await db().delete(gamesTable).where(eq(gamesTable.id, zonkwhirl.id));
      expect(await counted("brambleskink", "zonkwhirl")).toEqual({});
      // Counting a play changes neither the title nor whether the game is shown.
      await db()
        .update(gamesTable)
        .set({ plays: sql`${gamesTable.plays} + 1` })
        .where(eq(gamesTable.id, dive.id));
      expect(await counted("thornback", "dive")).toEqual({ dive: 1, thornback: 1 });
    });

    it("a feed's bulk publishing counts its titles' words, and a game gone from the feed takes them away", async () => {
      const games = fixtureGames(12, "v").map((game, i) => ({ ...game, title: `Vortigale Ferryman ${i}` }));
      const server: FeedServer = await startFeedServer({ shape: "gamedistribution", games });
      try {
        let now = new Date();
        const options = {
          now: () => now,
          publicUrl: "https://arcade.example",
          fetchPage: (url: string) => outsideFetch(url, { maxBytes: 1 << 24, timeoutMs: 5_000, allowPrivate: true }),
        };
        const feed = await createFeed(
          db(),
          { kind: "gamedistribution", name: "Vortigale", url: server.feedUrl, schedule: "off" },
          now,
        );
        await syncFeed(db(), feed.id, options);
        const items = await db()
          .select({ id: feedItemsTable.id })
          .from(feedItemsTable)
          .where(eq(feedItemsTable.feedId, feed.id));
        expect(
          (
            await approveItems(
              db(),
              items.map((item) => item.id),
              { publicUrl: options.publicUrl, now },
            )
          ).published,
        ).toBe(12);
        expect(await counted("vortigale", "ferryman")).toEqual({ ferryman: 12, vortigale: 12 });
        expect(await titles("Vortigal Ferryman")).toHaveLength(12);

        server.games = games.slice(4);
        now = new Date(now.getTime() + 60_000);
        await syncFeed(db(), feed.id, options);
        expect(await counted("vortigale", "ferryman")).toEqual({ ferryman: 8, vortigale: 8 });
      } finally {
        await server.close();
      }
    });

    it("holds, after all of these, exactly the words of the shown titles", async () => {
      const { rows } = await db().execute(sql`
        select count(*)::int as differences from (
          (select word, games from title_words
            except select word, count(*)::int from games, unnest(arcadium_title_words(title)) as word
              where hidden_reason is null group by word)
          union all
          (select word, count(*)::int from games, unnest(arcadium_title_words(title)) as word
              where hidden_reason is null group by word
            except select word, games from title_words)) as both_ways`);
      expect(rows[0]).toEqual({ differences: 0 });
      const words = await db().execute(sql`select count(*)::int as n from title_words`);
      expect((words.rows[0] as { n: number }).n).toBeGreaterThan(0);
    });
  },
  { demo: false },
);
