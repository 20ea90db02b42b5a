import type { FastifyPluginAsync, FastifyReply } from "fastify";

/** Crawlers read ads.txt rarely; an edit shows within this long. */
const ADS_TXT_CACHE_CONTROL = "public, max-age=300";

/** D154: answers /ads.txt from `read`: the stored text as text/plain, or 404 while there is none. */
export async function sendAdsTxt(reply: FastifyReply, read: () => Promise<string>) {
  const body = await read();
  reply.header("Cache-Control", ADS_TXT_CACHE_CONTROL);
  if (!body) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  return reply.type("text/plain; charset=utf-8").send(body);
}

/** D154: /ads.txt on an origin (the site's and the games'), read through `read`. */
export const adsTxtRoutes: FastifyPluginAsync<{ read: () => Promise<string> }> = async (app, { read }) => {
  app.get("/ads.txt", async (_request, reply) => sendAdsTxt(reply, read));
};
