import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  classifyAddress,
  OutsideFetchError,
  outsideFetch,
  parseRetryAfter,
  type OutsideFetchOptions,
  type Resolver,
} from "./outside-fetch";

type Fixture = { origin: string; port: number; hits: () => number };

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real server on 127.0.0.1 for one test; closed (connections and all) after it. */
async function serve(handler: http.RequestListener): Promise<Fixture> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, hits: () => hits };
}

const base: OutsideFetchOptions = { maxBytes: 1024 * 1024, timeoutMs: 5000, allowPrivate: true };

async function refusal(promise: Promise<unknown>): Promise<OutsideFetchError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(OutsideFetchError);
  return outcome as OutsideFetchError;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Names the tests choose, resolved to the addresses they choose (the default is dns.lookup). */
function resolverOf(table: Record<string, string>): Resolver {
  return async (hostname) => {
    const address = table[hostname];
    if (!address) throw Object.assign(new Error(`no such host ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
}

describe("outsideFetch", () => {
  it("answers a JSON feed with its status, headers, body and final address", async () => {
    const feed = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify([{ Title: "Copper Run", Md5: "abc" }]));
    });
    const result = await outsideFetch(`${feed.origin}/feed?page=1`, {
      ...base,
      accept: (t) => t === "application/json",
    });
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(result.body.toString("utf8"))).toEqual([{ Title: "Copper Run", Md5: "abc" }]);
    expect(result.url).toBe(`${feed.origin}/feed?page=1`);
    expect(result.retryAfterMs).toBeUndefined();
  });

  it("hands `accept` the media type alone, in lower case", async () => {
    const seen: string[] = [];
    const cover = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "Image/PNG; charset=binary" });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    });
    const result = await outsideFetch(cover.origin, { ...base, accept: (t) => (seen.push(t), t.startsWith("image/")) });
    expect(seen).toEqual(["image/png"]);
    expect(result.body).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it("refuses a declared Content-Length over the cap before reading the body", async () => {
    const huge = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(50 * 1024 * 1024) });
      res.write(Buffer.alloc(1024)); // and then nothing more: only the header can have refused it
    });
    const { value: error, ms } = await timed(() =>
      refusal(outsideFetch(huge.origin, { ...base, maxBytes: 5 * 1024 * 1024, subject: "The cover" })),
    );
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("The cover answered with more than 5 MB");
    expect(ms).toBeLessThan(1000);
  });

  it("refuses a body without Content-Length as soon as it passes the cap", async () => {
    const chunked = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.alloc(1024 * 1024, 0x20));
    });
    const error = await refusal(outsideFetch(chunked.origin, { ...base, maxBytes: 64 * 1024, subject: "The feed" }));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe("The feed answered with more than 64 KB");
  });

  it("stops a slow endless body once it passes the cap, not at the timeout", async () => {
    const endless = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write(Buffer.alloc(1024, 0x20)), 10);
      res.on("close", () => clearInterval(timer));
    });
    const { value: error, ms } = await timed(() =>
      refusal(outsideFetch(endless.origin, { ...base, maxBytes: 8 * 1024, timeoutMs: 10_000 })),
    );
    expect(error.code).toBe("too_large");
    expect(ms).toBeLessThan(2000);
  });

  it("takes a HEAD answer's Content-Length for the size of the body it describes, not one it sends", async () => {
    const embed = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": String(50 * 1024 * 1024) });
      res.end();
    });
    const result = await outsideFetch(embed.origin, { ...base, method: "HEAD", maxBytes: 1024 });
    expect(result.status).toBe(200);
    expect(result.body.length).toBe(0);
  });

  it("counts the bytes after decoding, so a small gzip of a huge body is refused", async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const server = await serve((req, res) => {
      if (req.url === "/small") {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.end(gzipSync('{"ok":true}'));
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(bomb);
    });
    const small = await outsideFetch(`${server.origin}/small`, base);
    expect(small.body.toString()).toBe('{"ok":true}');
    const error = await refusal(outsideFetch(`${server.origin}/bomb`, { ...base, maxBytes: 1024 * 1024 }));
    expect(error.code).toBe("too_large");
  });

  it("gives up on a server that never answers at the timeout", async () => {
    const silent = await serve(() => {});
    const { value: error, ms } = await timed(() =>
      refusal(outsideFetch(silent.origin, { ...base, timeoutMs: 300, subject: "The feed" })),
    );
    expect(error.code).toBe("timeout");
    expect(error.message).toBe("The feed did not answer within 0.3 seconds");
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(1500);
  });

  it("counts the body in the timeout: a trickle that stays under the cap still ends", async () => {
    const trickle = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write(" "), 20);
      res.on("close", () => clearInterval(timer));
    });
    const { value: error, ms } = await timed(() => refusal(outsideFetch(trickle.origin, { ...base, timeoutMs: 400 })));
    expect(error.code).toBe("timeout");
    expect(ms).toBeLessThan(1500);
  });

  it("refuses a type `accept` does not want, before reading the body", async () => {
    const page = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html>not a cover</html>");
    });
    const error = await refusal(
      outsideFetch(page.origin, { ...base, accept: (t) => t.startsWith("image/"), subject: "The cover" }),
    );
    expect(error.code).toBe("bad_type");
    expect(error.message).toBe('The cover answered with "text/html", not a type it may send');
  });

  it("applies `accept` to successful answers only: a 404 page comes back as a 404", async () => {
    const missing = await serve((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("gone");
    });
    const result = await outsideFetch(missing.origin, { ...base, accept: (t) => t.startsWith("image/") });
    expect(result.status).toBe(404);
  });

  it("refuses 127.0.0.1 without allowPrivate, before connecting, and reaches it with allowPrivate", async () => {
    const local = await serve((_req, res) => res.end("ok"));
    const error = await refusal(outsideFetch(local.origin, { ...base, allowPrivate: false, subject: "The feed" }));
    expect(error.code).toBe("private_address");
    expect(error.message).toBe(
      "The feed is at 127.0.0.1, this machine's own address: outside fetches go only to public addresses " +
        "unless FETCH_ALLOW_PRIVATE=true",
    );
    expect(local.hits()).toBe(0);
    const allowed = await outsideFetch(local.origin, { ...base, allowPrivate: true });
    expect(allowed.body.toString()).toBe("ok");
    expect(local.hits()).toBe(1);
  });

  it("refuses a name that the system's resolver turns into a loopback address", async () => {
    const local = await serve((_req, res) => res.end("ok"));
    const error = await refusal(outsideFetch(`http://localhost:${local.port}/`, { ...base, allowPrivate: false }));
    expect(error.code).toBe("private_address");
    expect(error.message).toMatch(/^The server is at (127\.0\.0\.1|::1) \(localhost\), this machine's own address/);
    expect(local.hits()).toBe(0);
  });

  it.each([
    "http://[::1]:9/",
    "http://[::ffff:127.0.0.1]:9/",
    "http://[::ffff:a00:1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/",
    "http://0.0.0.0:9/",
    "http://2130706433/", // 127.0.0.1 written as one number: the URL parser reads it as an address
  ])("refuses the address literal %s", async (url) => {
    const error = await refusal(outsideFetch(url, { ...base, allowPrivate: false }));
    expect(error.code).toBe("private_address");
  });

  it("follows five redirects and refuses a sixth", async () => {
    const chain = await serve((req, res) => {
      const left = Number(req.url?.slice(1));
      if (left > 0) res.writeHead(302, { location: `/${left - 1}` }).end();
      else res.writeHead(200, { "content-type": "text/plain" }).end("landed");
    });
    const five = await outsideFetch(`${chain.origin}/5`, base);
    expect(five.body.toString()).toBe("landed");
    expect(five.url).toBe(`${chain.origin}/0`);
    const error = await refusal(outsideFetch(`${chain.origin}/6`, { ...base, subject: "The feed" }));
    expect(error.code).toBe("too_many_redirects");
    expect(error.message).toBe("The feed redirected more than 5 times");
  });

  it("checks every hop: a redirect from an allowed host to a private one is refused", async () => {
    const feed = await serve((req, res) => {
      const to: Record<string, string> = {
        "/inner": "http://inner.test/covers/1.jpg",
        "/metadata": "http://169.254.169.254/latest/meta-data/",
        "/mapped": "http://[::ffff:192.168.1.1]/",
      };
      res.writeHead(302, { location: to[req.url ?? ""] }).end();
    });
    const options: OutsideFetchOptions = {
      ...base,
      allowPrivate: false,
      allowAddresses: ["127.0.0.1"],
      resolve: resolverOf({ "feed.test": "127.0.0.1", "inner.test": "10.0.0.7" }),
      subject: "The cover",
    };
    const inner = await refusal(outsideFetch(`http://feed.test:${feed.port}/inner`, options));
    expect(inner.code).toBe("private_address");
    expect(inner.message).toMatch(/^The cover is at 10\.0\.0\.7 \(inner\.test\), a private network address/);
    expect(inner.url).toBe("http://inner.test/covers/1.jpg");
    const metadata = await refusal(outsideFetch(`http://feed.test:${feed.port}/metadata`, options));
    expect(metadata.message).toMatch(/^The cover is at 169\.254\.169\.254, a cloud metadata address/);
    const mapped = await refusal(outsideFetch(`http://feed.test:${feed.port}/mapped`, options));
    expect(mapped.code).toBe("private_address");
    expect(feed.hits()).toBe(3);
  });

  it("connects to the address it checked: one lookup per hop, so a changed answer cannot slip in", async () => {
    const feed = await serve((_req, res) => res.end("ok"));
    const answers = ["127.0.0.1", "10.0.0.7"];
    let lookups = 0;
    const rebinding: Resolver = async () => [{ address: answers[Math.min(lookups++, 1)], family: 4 }];
    const options = { ...base, allowPrivate: false, allowAddresses: ["127.0.0.1"], resolve: rebinding };
    const first = await outsideFetch(`http://flip.test:${feed.port}/`, options);
    expect(first.body.toString()).toBe("ok");
    expect(lookups).toBe(1);
    const second = await refusal(outsideFetch(`http://flip.test:${feed.port}/`, options));
    expect(second.code).toBe("private_address");
    expect(lookups).toBe(2);
    expect(feed.hits()).toBe(1);
  });

  it("connects only to the allowed addresses of a name that has both kinds", async () => {
    const feed = await serve((_req, res) => res.end("ok"));
    const mixed: Resolver = async () => [
      { address: "10.0.0.7", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    const options = { ...base, allowPrivate: false, allowAddresses: ["127.0.0.1"], resolve: mixed };
    const result = await outsideFetch(`http://both.test:${feed.port}/`, options);
    expect(result.body.toString()).toBe("ok");
  });

  it("drops credentials on a redirect to another origin, keeps other headers", async () => {
    let received: http.IncomingHttpHeaders = {};
    const echo = await serve((req, res) => {
      received = req.headers;
      res.end("ok");
    });
    const first = await serve((_req, res) => res.writeHead(302, { location: `${echo.origin}/` }).end());
    await outsideFetch(first.origin, {
      ...base,
      headers: { authorization: "Bearer secret", cookie: "a=b", "user-agent": "Arcadium test" },
    });
    expect(received.authorization).toBeUndefined();
    expect(received.cookie).toBeUndefined();
    expect(received["user-agent"]).toBe("Arcadium test");
  });

  it("surfaces Retry-After of a 429 in seconds and of a 503 as a date", async () => {
    const at = new Date(Date.now() + 90_000);
    const busy = await serve((req, res) => {
      if (req.url === "/429") res.writeHead(429, { "retry-after": "120" }).end("slow down");
      else res.writeHead(503, { "retry-after": at.toUTCString() }).end("later");
    });
    const limited = await outsideFetch(`${busy.origin}/429`, base);
    expect(limited.status).toBe(429);
    expect(limited.retryAfterMs).toBe(120_000);
    const down = await outsideFetch(`${busy.origin}/503`, base);
    expect(down.status).toBe(503);
    expect(down.retryAfterMs).toBeGreaterThan(87_000);
    expect(down.retryAfterMs).toBeLessThanOrEqual(90_000);
  });

  it.each([
    [
      "ftp://feeds.example/list.json",
      "The feed's address ftp://feeds.example/list.json is not an http or https address",
    ],
    ["file:///etc/passwd", "The feed's address file:///etc/passwd is not an http or https address"],
    ["not an address", 'The feed\'s address "not an address" is not a valid address'],
    ["http://user:pass@feeds.example/", "The feed's address http://feeds.example carries a user name or password"],
  ])("refuses %s as a bad address", async (url, message) => {
    const error = await refusal(outsideFetch(url, { ...base, subject: "The feed" }));
    expect(error.code).toBe("bad_url");
    expect(error.message).toBe(message);
  });

  it("refuses a redirect to something other than http or https", async () => {
    const sly = await serve((_req, res) => res.writeHead(301, { location: "file:///etc/passwd" }).end());
    const error = await refusal(outsideFetch(sly.origin, { ...base, subject: "The feed" }));
    expect(error.code).toBe("bad_url");
    expect(error.message).toBe("The feed redirected to file:///etc/passwd, which is not an http or https address");
    expect(error.url).toBe(`${sly.origin}/`);
  });

  it("says plainly when the server cannot be reached", async () => {
    const closed = await serve(() => {});
    const port = closed.port;
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    const error = await refusal(outsideFetch(`http://127.0.0.1:${port}/`, { ...base, subject: "The feed" }));
    expect(error.code).toBe("network");
    expect(error.message).toBe("The feed could not be reached (connection refused)");
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-12-06T12:00:00Z");
  it.each([
    ["120", 120_000],
    ["0", 0],
    ["Sun, 06 Dec 2026 12:01:30 GMT", 90_000],
    ["Sun, 06 Dec 2026 11:00:00 GMT", 0],
    ["soon", undefined],
    ["-5", undefined],
    ["1.5", undefined],
    [undefined, undefined],
  ])("reads %o as %o ms", (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});

describe("classifyAddress", () => {
  it.each([
    // IPv4
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["100.128.0.1", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.1.1", "link_local"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["203.0.113.5", "reserved"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    // IPv6
    ["2606:4700:4700::1111", "public"],
    ["2001:4860:4860::8888", "public"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["fc00::1", "unique_local"],
    ["fd12:3456:789a::1", "unique_local"],
    ["fd00:ec2::254", "metadata"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["::7f00:1", "reserved"],
    ["fec0::1", "reserved"],
    // IPv6 that carries an IPv4 address: mapped, NAT64 and 6to4 are what the IPv4 address is
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::FFFF:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b::808:808", "public"],
    ["2002:c0a8:101::1", "private"],
    ["2002:808:808::1", "public"],
    // not an address at all
    ["localhost", "invalid"],
    ["1.2.3", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});
