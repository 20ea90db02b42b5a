import { Readable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";
import { InvalidKeyError, RangeNotSatisfiableError, readAll, type FileStore } from "../server/services/file-store";

/** The behaviours every FileStore keeps (services/file-store.ts), run against each implementation. */
export function describeFileStoreContract(name: string, openEmptyStore: () => Promise<FileStore>): void {
  describe(`${name} keeps the FileStore contract`, () => {
    let store: FileStore;
    beforeEach(async () => {
      store = await openEmptyStore();
    });

    const text = async (key: string, range?: { start: number; end?: number }) => {
      const found = await store.get(key, range);
      return found && (await readAll(found)).toString("utf8");
    };
    const keys = async (prefix: string) => {
      const seen: string[] = [];
      for await (const object of store.list(prefix)) seen.push(object.key);
      return seen.sort();
    };

    it("puts, reads back and replaces whole objects from a buffer, a string or a stream", async () => {
      await store.put("uploads/a.txt", "first");
      expect(await text("uploads/a.txt")).toBe("first");
      await store.put("uploads/a.txt", Buffer.from("second, longer"));
      expect(await text("uploads/a.txt")).toBe("second, longer");
      await store.put("games/7/index.html", Readable.from([Buffer.from("<p>"), Buffer.from("hi</p>")]));
      expect(await text("games/7/index.html")).toBe("<p>hi</p>");
      const head = await store.head("games/7/index.html");
      expect(head).toMatchObject({ key: "games/7/index.html", size: 9 });
      expect(head?.modified).toBeInstanceOf(Date);
    });

    it("answers undefined for a missing key, and removing one is a no-op", async () => {
      expect(await store.get("uploads/none.png")).toBeUndefined();
      expect(await store.head("uploads/none.png")).toBeUndefined();
      await expect(store.remove("uploads/none.png")).resolves.toBeUndefined();
    });

    it("serves byte ranges with the whole size, and refuses a range past the end", async () => {
      await store.put("games/1/data.bin", "0123456789");
      const part = await store.get("games/1/data.bin", { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(part && (await readAll(part)).toString()).toBe("2345");
      expect(await text("games/1/data.bin", { start: 7 })).toBe("789");
      expect(await text("games/1/data.bin", { start: 8, end: 100 })).toBe("89");
      await expect(store.get("games/1/data.bin", { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it("lists every object under a prefix, recursively, and removes a prefix whole", async () => {
      await store.put("games/1/index.html", "a");
      await store.put("games/1/js/app.js", "b");
      await store.put("games/12/index.html", "c");
      await store.put("uploads/avatars/x.png", "d");
      expect(await keys("games/1/")).toEqual(["games/1/index.html", "games/1/js/app.js"]);
      expect(await keys("")).toEqual([
        "games/1/index.html",
        "games/1/js/app.js",
        "games/12/index.html",
        "uploads/avatars/x.png",
      ]);
      expect(await keys("uploads/nothing/")).toEqual([]);
      await store.removePrefix("games/1/");
      expect(await keys("games/")).toEqual(["games/12/index.html"]);
      await expect(store.removePrefix("uploads/missing/")).resolves.toBeUndefined();
    });

    it("refuses keys that could leave the store or empty it", async () => {
      for (const bad of [
        "",
        "/etc/passwd",
        "../x",
        "uploads/../../x",
        "uploads//b",
        "uploads/",
        "./uploads/a",
        "uploads/a\\b",
        "uploads/a\u0000b",
        "db/PG_VERSION",
        "secrets/two-step.key",
        `uploads/${"x".repeat(1025)}`,
      ]) {
        await expect(store.put(bad, "no"), bad).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.get(bad), bad).rejects.toBeInstanceOf(InvalidKeyError);
      }
      await expect(store.removePrefix("")).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.removePrefix("games")).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.list("../")[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(InvalidKeyError);
    });
  });
}
