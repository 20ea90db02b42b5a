import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { databaseInputError, databaseUnavailable } from "../db/pg-errors";
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  TooLarge,
  TooMany,
  Unauthorized,
  UnsupportedType,
} from "../errors";
import { StorageUnavailableError } from "../services/file-store";
import { clientIssueMessage } from "../validation-issues";

/** D60: the one place where a domain error (errors.ts) becomes a status code. */
const STATUS_OF: Array<[new (...args: never[]) => DomainError, number]> = [
  [Invalid, 400],
  [Unauthorized, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [UnsupportedType, 415],
  [TooMany, 429],
];

/** The status code and headers of a domain error's D60 response. */
export function domainErrorResponse(error: DomainError): { status: number; headers: Record<string, string> } {
  const status = STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 500;
  const headers: Record<string, string> =
    error instanceof TooMany ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return { status, headers };
}

/** D60: every error is JSON {message} (+ errors for validation), no stack traces or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    try {
      // Anything may be thrown (a string, undefined …): it is an unhandled error like any other.
      const error = (
        thrown !== null && typeof thrown === "object" ? thrown : Object.assign(new Error(String(thrown)), { thrown })
      ) as FastifyError;
      return handleError(error, request, reply);
    } catch (handlerError) {
      // The handler itself must never be the reason a detail reaches the client (D60).
      request.log.error({ err: handlerError, original: thrown }, "error handler failed");
      return reply.code(500).send({ message: "Internal server error" });
    }
  });
});

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // D60: `path` names the field (e.g. "username", "items.0.id"); the whole body or query is its context name.
    const errors = error.validation.map((v) => ({
      path: v.instancePath ? v.instancePath.replace(/^\//, "").replace(/\//g, ".") : (error.validationContext ?? ""),
      message: clientIssueMessage(v),
    }));
    return reply.code(400).send({ message: errors[0] ? errors[0].message : "Invalid request", errors });
  }
  if (error instanceof DomainError) {
    const { status, headers } = domainErrorResponse(error);
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply
      .code(status)
      .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
    return reply.code(500).send({ message: "Internal server error" });
  }
  if (clientWentAway(request.raw, error)) {
    // Not a server fault: the client closed the connection mid-request (e.g. a cancelled upload).
    // Whatever was half-written has been cleaned up by the route; nobody is left to answer.
    request.log.info(
      { err: { message: error.message, code: error.code } },
      "the client closed the connection before the request was complete",
    );
    return reply.code(400).send({ message: "Request aborted" });
  }
  const dbInput = databaseInputError(error);
  if (dbInput) {
    // The database refused a value the client sent. The client gets a 400 (the value is theirs), but
    // the request schema should have refused it first: logged as an error, so that the gap is seen and fixed.
    request.log.error(
      { err: error, url: request.routeOptions.url },
      "validation gap: the database refused a value the request schema let through",
    );
    return reply.code(400).send({ message: dbInput });
  }
  if (databaseUnavailable(error)) {
    // Issue 8: the database is restarting or unreachable. Not a bug of this request: 503 with a hint
    // to retry; the pool reconnects by itself once the database is back.
    request.log.error({ err: error }, "database (or another backing service) unavailable");
    reply.header("retry-after", "5");
    return reply.code(503).send({ message: UNAVAILABLE_MESSAGE });
  }
  if (error instanceof StorageUnavailableError) {
    // D162: the bucket is down or slow; the store gave up within its time limit. Retry like a database outage.
    request.log.error({ err: error }, "object storage unavailable");
    reply.header("retry-after", "5");
    return reply.code(503).send({ message: UNAVAILABLE_MESSAGE });
  }
  const status =
    typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: "Internal server error" });
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type …): their messages are safe.
  if (status === 429 && reply.getHeader("retry-after") === undefined) reply.header("retry-after", "60");
  return reply.code(status).send({ message: friendlyClientError(error) });
}

/** True when the request failed because its client disconnected before sending all of it. */
function clientWentAway(
  raw: { aborted?: boolean; complete?: boolean; destroyed?: boolean },
  error: FastifyError,
): boolean {
  if (raw.complete) return false;
  return (
    raw.aborted === true ||
    (raw.destroyed === true &&
      (error.code === "ECONNRESET" || error.code === "ERR_STREAM_PREMATURE_CLOSE" || error.message === "aborted"))
  );
}

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

function friendlyClientError(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Malformed JSON body";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type";
    default:
      return error.message || "Bad request";
  }
}
