import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { createUserWithSession, describeEachDatabase } from "../../test/test-app";
import { jobsTable } from "../db/schema";
import { DiskStore } from "../services/file-store";
import { OG_IMAGE_JOB } from "../services/og-images";
import { makeOgImage } from "./og-image";

describeEachDatabase("the link-preview picture's job (D71, D116)", (t) => {
  let cookies: { sid: string };
  beforeAll(async () => {
    ({ cookies } = await createUserWithSession(t(), { role: "admin" }));
  });
  const queued = (imageUrl: string) =>
    t()
      .database.db.select()
      .from(jobsTable)
      .where(and(eq(jobsTable.name, OG_IMAGE_JOB), eq(jobsTable.state, "queued")))
      .then((jobs) => jobs.filter((job) => (job.payload as { imageUrl?: string }).imageUrl === imageUrl));

  it("is queued when a game gets a cover stored here, and makes the picture in the store when it runs", async () => {
    const files = new DiskStore(t().config.dataDir);
    const [builtin] = (await t().app.inject({ method: "GET", url: "/api/games?limit=1" })).json() as Array<{
      imageUrl: string;
      categoryId: number;
    }>;
    const created = await t().app.inject({
      method: "POST",
      url: "/api/admin/games",
      cookies,
      payload: {
        title: "Cover Check",
        description: "A game with a stored cover.",
        imageUrl: builtin!.imageUrl,
        externalUrl: "https://games.example.com/cover-check/",
        categoryId: builtin!.categoryId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [job] = await queued(builtin!.imageUrl);
    expect(job).toMatchObject({ maxAttempts: 2, payload: { imageUrl: builtin!.imageUrl } });

    await files.removePrefix("uploads/og/");
    await makeOgImage(files, job!.payload);
    const made: string[] = [];
    for await (const object of files.list("uploads/og/")) made.push(object.key);
    expect(made).toEqual([expect.stringMatching(/^uploads\/og\/[\w-]+\.jpg$/)]);
  });

  it("is not queued for a cover on another site, and fails a job whose cover cannot be read", async () => {
    const elsewhere = "https://cdn.example.com/elsewhere.png";
    const created = await t().app.inject({
      method: "POST",
      url: "/api/admin/games",
      cookies,
      payload: {
        title: "Far Cover",
        description: "Cover elsewhere.",
        imageUrl: elsewhere,
        externalUrl: "https://games.example.com/far/",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await queued(elsewhere)).toEqual([]);
    await expect(
      makeOgImage(new DiskStore(t().config.dataDir), { imageUrl: "/uploads/images/missing.png" }),
    ).rejects.toThrow(/could not make the link preview picture/);
    await expect(makeOgImage(new DiskStore(t().config.dataDir), {})).rejects.toThrow(/names no cover/);
  });
});
