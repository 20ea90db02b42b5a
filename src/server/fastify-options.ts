import crypto from "node:crypto";
import type http from "node:http";
import type { FastifyHttpOptions, FastifyReply } from "fastify";
import type { Config } from "./config";
import { serializeLoggedError } from "./plugins/log-redaction";

/**
 * The body limit of ordinary JSON routes (the largest, a review or a contact message, is a few KiB). Routes
 * that need more declare their own: the cloud saves (routes/saves.ts), the staff routes behind the admin guard
 * (STAFF_JSON_BODY_LIMIT, routes/admin/index.ts: a content value is up to 100,000 characters), and the multipart
 * uploads (their @fastify/multipart limits).
 */
export const JSON_BODY_LIMIT = 16 * 1024;

/**
 * Clients that send slowly are cut off. Fastify turns Node's request timeout off by default,
 * so a client could trickle a body forever. A whole request (headers and body) may take 15 minutes
 * (a 100 MB game package at ~1 Mbit/s); a connection silent for 60 s is closed; headers must arrive
 * within 30 s. Live chat sockets are not affected (the WebSocket library clears the socket timeout).
 */
export const SERVER_TIMEOUTS = { requestMs: 15 * 60 * 1000, idleMs: 60 * 1000, headersMs: 30 * 1000 } as const;

/** What both listeners may be given: where the JSON log lines go (default: stdout); tests capture them. */
export type LogOptions = { logStream?: { write(line: string): void } };

/** The Fastify options both listeners share: logging without secrets, the body limit, timeouts, proxies, short router errors. */
export function baseOptions(config: Config, name: string, options: LogOptions = {}): FastifyHttpOptions<http.Server> {
  return {
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            name,
            // Never log cookies or credentials.
            redact: {
              paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
              remove: true,
            },
            // A logged error never carries the values of its query (plugins/log-redaction.ts).
            serializers: { err: serializeLoggedError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    http: { headersTimeout: SERVER_TIMEOUTS.headersMs },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // D60: a URL the router refuses (malformed, or a parameter over 200 characters) gets a short message that
    // does not echo the URL back (Fastify's default answer repeats it, whatever it holds).
    frameworkErrors: (error, _request, reply) => {
      const [status, message] =
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? [414, "URL too long"]
          : error.code === "FST_ERR_BAD_URL"
            ? [400, "Invalid URL"]
            : [400, "Bad request"];
      return (reply as unknown as FastifyReply).code(status).send({ message });
    },
  };
}
