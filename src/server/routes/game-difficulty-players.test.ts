/**
 * D83 through the API: a game's Difficulty comes from its game.json or the CMS (easy | medium | hard, or
 * nothing), and its Total Players is the number of distinct signed-in players who have played it.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gameDetailSchema, gameSchema } from "../../contract/games";
import { asAdmin, createUserWithSession, describeEachDatabase, repoRoot } from "../../test/test-app";
import { buildZip, multipart } from "../../test/uploads";
import { readBuiltinGames } from "../db/builtin-games";
import { gamesTable, usersTable } from "../db/schema";

const URL_GAME = {
  title: "Cloud Hopper",
  description: "Hop across the clouds.",
  imageUrl: "https://cdn.example.com/sky.png",
  externalUrl: "https://games.example.com/sky/",
};
const UPLOAD_FIELDS = {
  title: "Packaged",
  description: "A packaged game",
  imageUrl: "/uploads/images/cover.webp",
  categoryId: "1",
};

describeEachDatabase("difficulty and total players (D83)", (t) => {
  const { req } = asAdmin(t);
  const get = (url: string) => t().app.inject({ method: "GET", url });

  describe("difficulty", () => {
    it("D83: the built-in games carry their game.json difficulty, in the game JSON and in lists", async () => {
      const builtins = await readBuiltinGames(path.join(repoRoot, "games"));
      expect(builtins.length).toBeGreaterThan(0);
      for (const g of builtins) expect(g.manifest.difficulty, g.slug).toMatch(/^(easy|medium|hard)$/);
      const rows = await t().database.db.select({ id: gamesTable.id, slug: gamesTable.builtinSlug }).from(gamesTable);
      const nightDrift = rows.find((r) => r.slug === "night-drift")!;
      const res = await get(`/api/games/${nightDrift.id}`);
      expect(res.statusCode).toBe(200);
      expect(gameDetailSchema.strict().safeParse(res.json()).success).toBe(true);
      expect(res.json().difficulty).toBe(builtins.find((g) => g.slug === "night-drift")!.manifest.difficulty);
      const list = (await get("/api/games?limit=100")).json() as Array<{ difficulty: unknown }>;
      for (const g of list) expect(gameSchema.strict().safeParse(g).success).toBe(true);
      expect(list.every((g) => g.difficulty !== undefined)).toBe(true);
    });

    it("D83: the CMS sets it on a new game and changes or clears it; blank keeps it; anything else is 400", async () => {
      const plain = await req("POST", "/api/admin/games", URL_GAME);
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json().difficulty).toBeNull();

      const created = await req("POST", "/api/admin/games", {
        ...URL_GAME,
        title: "Cloud Hopper 2",
        difficulty: "easy",
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect(created.json().difficulty).toBe("easy");
      expect((await get(`/api/games/${id}`)).json().difficulty).toBe("easy");

      expect((await req("PATCH", `/api/admin/games/${id}`, { difficulty: "hard" })).json().difficulty).toBe("hard");
      // the public game (cached before) follows at once
      expect((await get(`/api/games/${id}`)).json().difficulty).toBe("hard");
      expect(
        (await req("PATCH", `/api/admin/games/${id}`, { difficulty: "", title: "Still Hard" })).json().difficulty,
      ).toBe("hard");
      expect((await req("PATCH", `/api/admin/games/${id}`, { title: "Still Hard Too" })).json().difficulty).toBe(
        "hard",
      );
      expect((await req("PATCH", `/api/admin/games/${id}`, { difficulty: null })).json().difficulty).toBeNull();

      for (const difficulty of ["extreme", "Easy", 3, true]) {
        const patch = await req("PATCH", `/api/admin/games/${id}`, { difficulty });
        expect(patch.statusCode, String(difficulty)).toBe(400);
        expect(patch.json().message).toBe("Difficulty must be easy, medium or hard");
        const post = await req("POST", "/api/admin/games", { ...URL_GAME, title: "Refused", difficulty });
        expect(post.statusCode, String(difficulty)).toBe(400);
      }
      expect((await get(`/api/games/${id}`)).json().difficulty).toBeNull();
    });

    it("D83: an uploaded package's game.json says it; the form's choice wins; an unknown value refuses the upload", async () => {
      const admin = await createUserWithSession(t(), { role: "admin" });
      const send = async (fields: Record<string, string>, manifest: object | string) => {
        const body = multipart(fields, {
          field: "htmlFile",
          filename: "game.zip",
          content: buildZip([
            { name: "index.html", data: "<!doctype html><p>game</p>" },
            { name: "game.json", data: typeof manifest === "string" ? manifest : JSON.stringify(manifest) },
          ]),
          type: "application/zip",
        });
        return t().app.inject({ method: "POST", url: "/api/admin/games/upload", cookies: admin.cookies, ...body });
      };

      const declared = await send(UPLOAD_FIELDS, { difficulty: "hard" });
      expect(declared.statusCode, declared.body).toBe(201);
      expect(declared.json().difficulty).toBe("hard");
      expect((await get(`/api/games/${declared.json().id}`)).json().difficulty).toBe("hard");

      const chosen = await send({ ...UPLOAD_FIELDS, difficulty: "easy" }, { difficulty: "hard" });
      expect(chosen.statusCode, chosen.body).toBe(201);
      expect(chosen.json().difficulty).toBe("easy");

      // another portal's game.json (no difficulty) or none at all: nothing said
      const silent = await send(UPLOAD_FIELDS, { name: "made elsewhere" });
      expect(silent.json().difficulty).toBeNull();
      const notJson = await send(UPLOAD_FIELDS, "not json {");
      expect(notJson.statusCode).toBe(201);
      expect(notJson.json().difficulty).toBeNull();

      const before = (await req("GET", "/api/admin/games?limit=500")).json().length as number;
      const refused = await send(UPLOAD_FIELDS, { difficulty: "impossible" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("game.json difficulty must be easy, medium or hard");
      const badField = await send({ ...UPLOAD_FIELDS, difficulty: "extreme" }, {});
      expect(badField.statusCode).toBe(400);
      expect((await req("GET", "/api/admin/games?limit=500")).json()).toHaveLength(before);
    });
  });

  describe("total players", () => {
    it("D83: the number of distinct signed-in players who started a play; guests and repeat plays do not add", async () => {
      const created = await req("POST", "/api/admin/games", { ...URL_GAME, title: "Counted" });
      const id = created.json().id as number;
      const detail = async () => (await get(`/api/games/${id}`)).json() as { plays: number; totalPlayers: number };
      expect(await detail()).toMatchObject({ plays: 0, totalPlayers: 0 });

      const play = (cookies?: { sid: string }) =>
        t().app.inject({ method: "POST", url: `/api/games/${id}/play`, ...(cookies ? { cookies } : {}) });
      const a = await createUserWithSession(t());
      const b = await createUserWithSession(t());
      expect((await play(a.cookies)).statusCode).toBe(200);
      expect(await detail()).toMatchObject({ plays: 1, totalPlayers: 1 });
      await play(a.cookies);
      await play(a.cookies);
      await play(); // a guest
      expect(await detail()).toMatchObject({ plays: 4, totalPlayers: 1 });
      await play(b.cookies);
      expect(await detail()).toMatchObject({ plays: 5, totalPlayers: 2 });

      // another game's players are not counted here, and plays set by the CMS are not players
      const other = await req("POST", "/api/admin/games", { ...URL_GAME, title: "Other", plays: 5000 });
      expect((await get(`/api/games/${other.json().id}`)).json()).toMatchObject({ plays: 5000, totalPlayers: 0 });
      expect((await detail()).totalPlayers).toBe(2);

      // a deleted account's plays stay (their user is gone): it does not count as a player
      await t().database.db.delete(usersTable).where(eq(usersTable.id, b.user.id));
      await t().app.reads.invalidate();
      expect((await detail()).totalPlayers).toBe(1);
    });
  });
});
