/**
 * D110, D112: the one way the site asks another server for something (distributors' feeds, cover images, embed
 * checks), bounded and only to public addresses. One concern, no HTTP framework types; why a fetch of our own:
 * ADR 024.
 *
 * Contract:
 * - `outsideFetch(url, options)` answers `{status, headers, body, url, retryAfterMs?}` for any status the last hop
 *   gave (a 404 is an answer, not an error), `url` being the address after redirects; or throws an
 *   `OutsideFetchError` whose `code` says why and whose `message` an admin can read ("The feed answered with more
 *   than 5 MB"); `options.subject` ("The feed", "The cover") starts the message.
 * - Only http: and https: addresses without a user name or password (`bad_url`).
 * - The address connected to must be public (`classifyAddress`), unless `allowPrivate` or it is listed in
 *   `allowAddresses`: an address literal is checked before connecting; a name is resolved once, inside the
 *   connection's own lookup, and only its allowed addresses are handed to the connection, so an answer that changes
 *   between check and connect cannot pass. None allowed: `private_address`, nothing sent.
 * - Redirects (301, 302, 303, 307, 308 with a Location) are followed by hand, at most `MAX_REDIRECTS`
 *   (`too_many_redirects`), each hop checked again and asked with the same method (GET or HEAD, never a body);
 *   Authorization and Cookie are not carried to another origin.
 * - `timeoutMs` bounds the whole fetch: every hop's connect, headers and body (`timeout`).
 * - A 2xx whose media type (lower case, no parameters; "" when missing) `accept` refuses is dropped before its body
 *   is read (`bad_type`). A Content-Length over `maxBytes` is refused before reading (except on a HEAD, where it
 *   describes a body not sent); otherwise the body, after gzip, deflate or br decoding, is read until it passes
 *   `maxBytes` and dropped then (`too_large`).
 * - A 429 or 503 with Retry-After (seconds or an HTTP date) carries the delay as `retryAfterMs`.
 * - Anything else that goes wrong on the way (refused, reset, no such host, bad certificate) is `network`.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

export const MAX_REDIRECTS = 5;

export type OutsideFetchErrorCode =
  "private_address" | "too_large" | "timeout" | "bad_type" | "bad_url" | "too_many_redirects" | "network";

export class OutsideFetchError extends Error {
  constructor(
    readonly code: OutsideFetchErrorCode,
    message: string,
    /** the address of the hop that failed */
    readonly url: string,
  ) {
    super(message);
    this.name = "OutsideFetchError";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a name stands for, like `dns.lookup(name, {all: true})`. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutsideFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  /** the media type of a 2xx answer, lower case without parameters ("" when none): false refuses it */
  accept?: (contentType: string) => boolean;
  /** FETCH_ALLOW_PRIVATE: any address may be reached */
  allowPrivate: boolean;
  /** addresses that may be reached although they are not public (a test's fixture server) */
  allowAddresses?: readonly string[];
  headers?: Record<string, string>;
  method?: "GET" | "HEAD";
  /** how messages name what was fetched: "The feed", "The cover" ("The server") */
  subject?: string;
  /** turns names into addresses; dns.lookup unless given */
  resolve?: Resolver;
};

export type OutsideFetchResult = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** the address that answered, after redirects */
  url: string;
  /** a 429 or 503's Retry-After, in milliseconds from now */
  retryAfterMs?: number;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map(({ address, family }) => ({ address, family: family as 4 | 6 }))),
    ),
  );

export async function outsideFetch(url: string, options: OutsideFetchOptions): Promise<OutsideFetchResult> {
  const subject = options.subject ?? "The server";
  const deadline = Date.now() + options.timeoutMs;
  let current = parseAddress(url, subject);
  const method = options.method ?? "GET";
  let headers = { ...options.headers };
  for (let redirects = 0; ; redirects++) {
    const hop = await fetchOnce(current, method, headers, deadline, options, subject);
    if (hop.kind === "answer") return hop.result;
    if (redirects === MAX_REDIRECTS) {
      throw new OutsideFetchError(
        "too_many_redirects",
        `${subject} redirected more than ${MAX_REDIRECTS} times`,
        current.href,
      );
    }
    const next = parseAddress(hop.location, subject, current);
    if (next.origin !== current.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
      );
    }
    current = next;
  }
}

/** `redirectedFrom` set: the address is a redirect's Location, read against it. */
function parseAddress(text: string, subject: string, redirectedFrom?: URL): URL {
  const refuse = (shown: string, problem: string) =>
    new OutsideFetchError(
      "bad_url",
      redirectedFrom
        ? `${subject} redirected to ${shown}, which ${problem}`
        : `${subject}'s address ${shown} ${problem}`,
      redirectedFrom?.href ?? text,
    );
  let url: URL;
  try {
    url = new URL(text, redirectedFrom);
  } catch {
    throw refuse(JSON.stringify(text), "is not a valid address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(url.href, "is not an http or https address");
  if (url.username || url.password) throw refuse(`${url.protocol}//${url.host}`, "carries a user name or password");
  return url;
}

type Hop = { kind: "answer"; result: OutsideFetchResult } | { kind: "redirect"; status: number; location: string };

function fetchOnce(
  url: URL,
  method: "GET" | "HEAD",
  headers: Record<string, string>,
  deadline: number,
  options: OutsideFetchOptions,
  subject: string,
): Promise<Hop> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = (address: string) =>
    options.allowPrivate || options.allowAddresses?.includes(address) === true || classifyAddress(address) === "public";
  const refuse = (address: string, name?: string) =>
    new OutsideFetchError(
      "private_address",
      `${subject} is at ${address}${name ? ` (${name})` : ""}, ${describeKind(classifyAddress(address))}: outside ` +
        "fetches go only to public addresses unless FETCH_ALLOW_PRIVATE=true",
      url.href,
    );
  // Node connects to an address literal without calling `lookup`, so a literal is checked here.
  if (net.isIP(hostname) && !allowed(hostname)) return Promise.reject(refuse(hostname));

  const resolve = options.resolve ?? systemResolver;
  // The connection's own lookup: what it connects to is exactly what was checked (ADR 024).
  const lookup = (
    name: string,
    lookupOptions: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(name).then(
      (addresses) => {
        const usable = addresses.filter((a) => allowed(a.address));
        if (usable.length === 0) {
          if (addresses.length === 0) callback(networkError({ code: "ENOTFOUND" }, subject, url.href), "");
          else callback(refuse(addresses[0].address, name), "");
        } else if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: unknown) => callback(networkError(error, subject, url.href), ""),
    );
  };

  return new Promise<Hop>((resolveHop, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const fail = (error: OutsideFetchError) =>
      settle(() => {
        request.destroy();
        reject(error);
      });
    const timer = setTimeout(
      () =>
        fail(
          new OutsideFetchError(
            "timeout",
            `${subject} did not answer within ${options.timeoutMs / 1000} second${options.timeoutMs === 1000 ? "" : "s"}`,
            url.href,
          ),
        ),
      Math.max(0, deadline - Date.now()),
    );
    const tooLarge = () =>
      new OutsideFetchError(
        "too_large",
        `${subject} answered with more than ${formatBytes(options.maxBytes)}`,
        url.href,
      );

    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { "accept-encoding": "gzip, deflate, br", ...headers },
        lookup: lookup as net.LookupFunction,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location !== undefined) {
          settle(() => {
            request.destroy();
            resolveHop({ kind: "redirect", status, location });
          });
          return;
        }
        const mediaType = (response.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
        if (status >= 200 && status < 300 && options.accept && !options.accept(mediaType)) {
          const shown = mediaType || "no content type";
          fail(
            new OutsideFetchError("bad_type", `${subject} answered with "${shown}", not a type it may send`, url.href),
          );
          return;
        }
        const declared = Number(response.headers["content-length"]);
        // A HEAD answer's Content-Length is the size of a body it does not send.
        if (method !== "HEAD" && Number.isFinite(declared) && declared > options.maxBytes) {
          fail(tooLarge());
          return;
        }
        const body = decoded(response);
        const chunks: Buffer[] = [];
        let size = 0;
        body.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) fail(tooLarge());
          else chunks.push(chunk);
        });
        body.on("end", () =>
          settle(() => {
            const retryAfterMs =
              status === 429 || status === 503 ? parseRetryAfter(response.headers["retry-after"]) : undefined;
            const result: OutsideFetchResult = {
              status,
              headers: response.headers,
              body: Buffer.concat(chunks),
              url: url.href,
            };
            if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
            resolveHop({ kind: "answer", result });
          }),
        );
        body.on("error", (error) => fail(networkError(error, subject, url.href)));
        if (body !== response) response.on("error", (error) => fail(networkError(error, subject, url.href)));
      },
    );
    request.on("error", (error) =>
      fail(error instanceof OutsideFetchError ? error : networkError(error, subject, url.href)),
    );
    request.end();
  });
}

/** The body as sent before any Content-Encoding; an encoding we do not know is passed through as it came. */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  return decoder ? response.pipe(decoder) : response;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "the connection was reset",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  ETIMEDOUT: "the connection timed out",
  EPIPE: "the connection was closed",
  Z_DATA_ERROR: "its body could not be decoded",
  Z_BUF_ERROR: "its body could not be decoded",
  ERR_PADDING_2: "its body could not be decoded",
};

function networkError(error: unknown, subject: string, url: string): OutsideFetchError {
  const code = (error as { code?: unknown })?.code;
  const text = typeof code === "string" ? code : "";
  const reason =
    NETWORK_REASONS[text] ??
    (/CERT|SSL|TLS/.test(text)
      ? "its certificate is not valid"
      : text.startsWith("ERR__") || text.startsWith("ERR_")
        ? "its answer could not be read"
        : error instanceof Error && error.message === "aborted"
          ? "the connection was closed"
          : text || "unknown error");
  return new OutsideFetchError("network", `${subject} could not be reached (${reason})`, url);
}

function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, "GB"],
    [1024 * 1024, "MB"],
    [1024, "KB"],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** Retry-After as milliseconds from `now`: whole seconds, or an HTTP date (a past date is 0); else undefined. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type AddressKind =
  | "public"
  | "private"
  | "loopback"
  | "link_local"
  | "unique_local"
  | "cgnat"
  | "multicast"
  | "unspecified"
  | "metadata"
  | "reserved"
  | "invalid";

function describeKind(kind: AddressKind): string {
  switch (kind) {
    case "private":
      return "a private network address";
    case "loopback":
      return "this machine's own address";
    case "link_local":
      return "a link-local address";
    case "unique_local":
      return "a private (unique-local) IPv6 address";
    case "cgnat":
      return "a carrier-grade NAT address";
    case "multicast":
      return "a multicast address";
    case "unspecified":
      return "an unspecified address";
    case "metadata":
      return "a cloud metadata address";
    case "reserved":
      return "a reserved address";
    default:
      return "not an allowed address";
  }
}

/** [first address, prefix length, kind], the more specific first. */
const IPV4_RANGES: [string, number, AddressKind][] = [
  ["169.254.169.254", 32, "metadata"], // AWS, GCP, Azure, DigitalOcean …
  ["169.254.170.2", 32, "metadata"], // AWS ECS task credentials
  ["100.100.100.200", 32, "metadata"], // Alibaba Cloud
  ["192.0.0.192", 32, "metadata"], // Oracle Cloud
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link_local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

/** IPv6 ranges that stand for an IPv4 address: [prefix, prefix length, byte where the IPv4 address starts]. */
const IPV6_CARRYING_IPV4: [string, number, number][] = [
  ["::ffff:0:0", 96, 12], // IPv4-mapped
  ["64:ff9b::", 96, 12], // NAT64
  ["2002::", 16, 2], // 6to4
];

const IPV6_RANGES: [string, number, AddressKind][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["fd00:ec2::254", 128, "metadata"], // AWS over IPv6
  ["fc00::", 7, "unique_local"],
  ["fe80::", 10, "link_local"],
  ["ff00::", 8, "multicast"],
  ["2001::", 32, "reserved"], // Teredo
  ["2001:2::", 48, "reserved"],
  ["2001:10::", 28, "reserved"],
  ["2001:20::", 28, "reserved"],
  ["2001:db8::", 32, "reserved"],
  ["3fff::", 20, "reserved"],
  ["2000::", 3, "public"],
  ["::", 0, "reserved"], // outside global unicast: site-local, discard, IPv4-compatible …
];

/** What kind of address `address` is (IPv4 or IPv6 text); only "public" ones are fetched from by default. */
export function classifyAddress(address: string): AddressKind {
  const text = address.split("%")[0];
  const family = net.isIP(text);
  if (family === 4) return classifyIpv4(ipv4Bytes(text));
  if (family !== 6) return "invalid";
  const bytes = ipv6Bytes(text);
  for (const [prefix, bits, at] of IPV6_CARRYING_IPV4) {
    if (inRange(bytes, ipv6Bytes(prefix), bits)) return classifyIpv4(bytes.slice(at, at + 4));
  }
  for (const [first, bits, kind] of IPV6_RANGES) {
    if (inRange(bytes, ipv6Bytes(first), bits)) return kind;
  }
  return "reserved";
}

function classifyIpv4(bytes: number[]): AddressKind {
  for (const [first, bits, kind] of IPV4_RANGES) {
    if (inRange(bytes, ipv4Bytes(first), bits)) return kind;
  }
  return "public";
}

function inRange(bytes: number[], first: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if ((bytes[i >> 3] & mask) !== (first[i >> 3] & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] {
  return text.split(".").map(Number);
}

/** The 16 bytes of a valid IPv6 address text (with "::" and a dotted IPv4 tail expanded). */
function ipv6Bytes(text: string): number[] {
  let groupsText = text;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = ipv4Bytes(tail[1]);
    groupsText = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = groupsText.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(rest);
  const groups =
    rest === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}
