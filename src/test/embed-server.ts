import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Game pages embedded from another site, served from 127.0.0.1 for the embed checks' tests (D114): one path per way
 * a distributor's page answers. `/ok/…` a page, `/missing/…` 404, `/broken/…` 500, `/busy/…` 429 with Retry-After,
 * `/slow/…` headers after `slowMs`, `/moved/…` a redirect to `/ok/…`, `/private/…` a redirect to a private address,
 * `/huge/…` a 2 MB page. `/flaky/…` answers 503 while `flaky` is true, a page otherwise.
 */
export type EmbedServer = {
  url: string;
  /** every path asked for, in order */
  requests: string[];
  flaky: boolean;
  slowMs: number;
  close(): Promise<void>;
};

const PAGE = "<!doctype html><title>game</title><p>playing</p>";

export async function startEmbedServer(): Promise<EmbedServer> {
  const requests: string[] = [];
  // eslint-disable-next-line prefer-const -- assigned once the server listens; the handler reads it
  let state: EmbedServer;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fixture").pathname;
    requests.push(path);
    const [, kind] = path.split("/");
    const page = () => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(PAGE);
    };
    switch (kind) {
      case "ok":
        return page();
      case "missing":
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("<p>no such game</p>");
      case "broken":
        res.writeHead(500);
        return res.end();
      case "busy":
        res.writeHead(429, { "retry-after": "120" });
        return res.end("slow down");
      case "slow":
        setTimeout(page, state.slowMs).unref();
        return;
      case "moved":
        res.writeHead(302, { location: path.replace("/moved/", "/ok/") });
        return res.end();
      case "private":
        res.writeHead(302, { location: "http://10.1.2.3/game/" });
        return res.end();
      case "huge":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
      case "flaky":
        if (!state.flaky) return page();
        res.writeHead(503);
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    flaky: true,
    slowMs: 3_000,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
