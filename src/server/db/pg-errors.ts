/**
 * PostgreSQL errors, decoded in one place. node-postgres and PGlite both expose the SQLSTATE
 * (`code`) and the constraint; Drizzle wraps the driver's error, so the `cause` chain is followed.
 */
type PgErrorLike = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and its causes (at most `depth` levels). */
function* errorChain(error: unknown, depth = 4): Generator<PgErrorLike> {
  let e = error as PgErrorLike | undefined;
  for (let level = 0; e && typeof e === "object" && level < depth; e = e.cause as PgErrorLike | undefined, level++)
    yield e;
}

function violates(err: unknown, code: string, constraint?: string): boolean {
  for (const e of errorChain(err)) {
    if (e.code === code && (!constraint || !e.constraint || e.constraint === constraint)) return true;
  }
  return false;
}

/** A unique violation (23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return violates(err, "23505", constraint);
}

/** A foreign-key violation (23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return violates(err, "23503");
}

/**
 * PostgreSQL errors caused by the value a client sent rather than by the server: SQLSTATE class 22
 * (data exception: invalid text such as U+0000, a number out of range, a malformed uuid …) and
 * 54000 (a value too large for an index). Returns the message to answer with, or undefined.
 */
export function databaseInputError(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (!/^[0-9A-Z]{5}$/.test(code)) continue;
    if (code.startsWith("22")) return "Invalid value";
    if (code === "54000") return "Value is too long";
  }
  return undefined;
}

/**
 * True when the error says the database cannot be reached right now rather than that the request is
 * wrong: SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down by the administrator, crash,
 * starting up), 53300 (too many connections), 55000 "not currently accepting connections", the socket
 * errors of a refused or dropped connection, and node-postgres' own "Connection terminated" and
 * pool time-out messages.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (/^08[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "53300"].includes(code)) return true;
    if (code === "55000" && /not currently accepting connections/i.test(message)) return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"].includes(code)) return true;
    if (
      /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
