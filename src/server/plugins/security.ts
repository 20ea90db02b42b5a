import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config";
import { Invalid } from "../errors";
import { gamesOriginSource } from "../games-hosts";
import { frameSources, type EmbedOrigins } from "../services/embed-origins";

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet builds helmet anew for
 * every request (its twelve middlewares, the CSP directives parsed each time): about an eighth of the
 * server's CPU on a cached read. Our options are static (no nonces), so the result is the same every time.
 */
export function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error("helmet did not finish synchronously: its headers cannot be computed once");
  return headers;
}

/** Security headers of the site origin (frame-src: the games origins, D2). */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; scriptHashes?: readonly string[] }) => {
    const { config } = opts;
    const https = config.publicUrl.startsWith("https:");
    const headers = staticHelmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          // plus the hashes of the page's inlined head scripts (services/page-template.ts), nothing else inline
          "script-src": ["'self'", ...(opts.scriptHashes ?? [])],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'", config.publicUrl.replace(/^http/, "ws")],
          // the games origin, or with GAMES_URL's {id} a wildcard source matching every game's origin (D79); the
          // external games' origins are added per response (embedFrameSourcesPlugin, D115)
          "frame-src": [gamesOriginSource(config.gamesUrl)],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          ...(https ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      // a year (browsers keep to https for that long after one visit)
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.addHook("onRequest", async (_request, reply) => {
      reply.headers(headers);
    });
    app.addHook("onSend", async (request, reply) => {
      if (isApiResponse(request.url, reply.getHeader("content-type"))) {
        // A JSON answer is never rendered as a page, so the page-only headers (about
        // 900 bytes on every API response) are left out; what still matters for data stays.
        for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
        reply.header("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
        return;
      }
      reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    });
  },
);

/**
 * D115: a page may frame exactly the games origin and the origins of the external games players can open. The
 * static policy names the games origin; this adds the others, as this process knows them (services/embed-origins.ts).
 */
export const embedFrameSourcesPlugin = fp(
  async (app: FastifyInstance, opts: { gamesSource: string; embeds: EmbedOrigins }) => {
    let known: readonly string[] | undefined;
    let directive = "";
    app.addHook("onSend", async (_request, reply) => {
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy !== "string" || !policy.includes("frame-src ")) return;
      const origins = await opts.embeds.current();
      if (origins !== known) {
        known = origins;
        directive = `frame-src ${frameSources(opts.gamesSource, origins).join(" ")}`;
      }
      reply.header("content-security-policy", policy.replace(/frame-src [^;]*/, directive));
    });
  },
);

/**
 * D150: while a consent tool or a statistics script is set in Settings, a page's script-src and connect-src (a
 * consent tool fetches its vendor list and configuration from its own host) also name that script's origin.
 * With neither set, the policy is exactly the static one. If the settings cannot be read the page is still
 * served, under the static policy: those scripts are then blocked, never anything else allowed.
 */
export const consentScriptSourcesPlugin = fp(
  async (app: FastifyInstance, opts: { origins: () => Promise<readonly string[]> }) => {
    app.addHook("onSend", async (_request, reply) => {
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy !== "string" || !policy.includes("script-src ")) return;
      // only a document runs scripts: files and images keep the static policy (and cost no settings read)
      if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return;
      let origins: readonly string[];
      try {
        origins = await opts.origins();
      } catch {
        return;
      }
      if (origins.length === 0) return;
      reply.header("content-security-policy", withSources(policy, ["script-src", "connect-src"], origins));
    });
  },
);

/**
 * D153: while a provider that loads from other hosts is on (Google, a VAST tag), a document's policy names those
 * hosts, per directive (a directive the static policy lacks, such as media-src, is added). With no provider, or one
 * that serves from the site (house ads), the policy is exactly the static one; if the settings cannot be read the
 * page keeps the static policy, so ads are blocked and nothing else is allowed.
 */
export const adSourcesPlugin = fp(
  async (app: FastifyInstance, opts: { sources: () => Promise<Partial<Record<string, readonly string[]>>> }) => {
    app.addHook("onSend", async (_request, reply) => {
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy !== "string" || !policy.includes("script-src ")) return;
      if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return;
      let sources: Partial<Record<string, readonly string[]>>;
      try {
        sources = await opts.sources();
      } catch {
        return;
      }
      let next = policy;
      for (const [directive, values] of Object.entries(sources)) {
        if (!values?.length) continue;
        next = new RegExp(`(^|;)\\s*${directive}\\s`).test(next)
          ? withSources(next, [directive], values)
          : `${next};${directive} ${values.join(" ")}`;
      }
      if (next !== policy) reply.header("content-security-policy", next);
    });
  },
);

/** `policy` with `sources` appended to each of `directives` that it has (a source already named is not repeated). */
export function withSources(policy: string, directives: readonly string[], sources: readonly string[]): string {
  return policy
    .split(";")
    .map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      if (!directives.includes(name)) return part;
      const added = sources.filter((s) => !values.includes(s));
      return added.length ? `${part.trimEnd()} ${added.join(" ")}` : part;
    })
    .join(";");
}

/**
 * The headers that govern how a document behaves (scripts, frames, windows, downloads, features): sent
 * with pages and files, not with JSON. API responses keep X-Content-Type-Options (nosniff),
 * Cross-Origin-Resource-Policy (no cross-site reads), Referrer-Policy and, over https, HSTS.
 */
export const PAGE_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "permissions-policy",
] as const;

/** An API response opened as a document runs nothing, loads nothing and cannot be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A JSON answer of the API (its errors included); never a page, an upload or a built file. */
function isApiResponse(url: string, contentType: unknown): boolean {
  return (
    (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) &&
    String(contentType ?? "").startsWith("application/json")
  );
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * D62: a mutating request must carry a JSON or multipart content type (when it has a body) and,
 * when an Origin header is present, the site's own origin. Anything else is a 403.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { allowedOrigins: string[] }) => {
  const allowed = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));
  app.addHook("onRequest", async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return reply.code(403).send({ message: "Cross-site request refused" });
    }
    const hasBody =
      (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0") ||
      request.headers["transfer-encoding"] !== undefined;
    const type = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (hasBody && type !== "application/json" && type !== "multipart/form-data") {
      return reply.code(403).send({ message: "Requests must be sent as JSON or multipart/form-data" });
    }
    if (!hasBody && type !== "" && type !== "application/json" && type !== "multipart/form-data") {
      return reply.code(403).send({ message: "Requests must be sent as JSON or multipart/form-data" });
    }
  });
});

export const NUL_CHARACTER_MESSAGE = "Text must not contain NUL characters";

/** True when a string anywhere in a parsed body, query or params (keys included) holds U+0000. */
export function containsNulCharacter(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000")) return true;
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes("\u0000")) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 (the insert or the comparison fails). Such input is
 * refused with a clear 400 before any handler runs, for every route, instead of a 500 later.
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    if (
      containsNulCharacter(request.params) ||
      containsNulCharacter(request.query) ||
      containsNulCharacter(request.body)
    ) {
      throw new Invalid(NUL_CHARACTER_MESSAGE);
    }
  });
});
