/**
 * Database errors must not be logged with the values they carry. Drizzle's DrizzleQueryError
 * has `params` and a message ending in "params: …" (so does its stack's first line), and PostgreSQL's errors a
 * `detail` such as `Key (lower(email))=(someone@example.com) already exists.` A failed insert would put an email and a
 * password hash in the log. This serializer of the logger's `err` key keeps what helps to find the fault (type,
 * message, query text with its $1 placeholders, code, constraint, stack frames, causes) and drops the values.
 */
const REDACTED = "[redacted]";
/** Properties that hold a query's bound values (drizzle: params; others: parameters, values, bindings). */
const VALUE_KEYS = new Set(["params", "parameters", "values", "bindings"]);
const MAX_CAUSES = 5;

/** Drizzle's "Failed query: …\nparams: …" loses everything from "params:" on (a value may hold new lines). */
export function redactMessage(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
}

/** PostgreSQL's detail names the values: "Key (col)=(value) already exists.", "Failing row contains (…)." */
function redactDetail(detail: string): string {
  return detail
    .replace(/\)=\([\s\S]*\)/, `)=(${REDACTED})`)
    .replace(/Failing row contains \([\s\S]*\)/, `Failing row contains (${REDACTED})`);
}

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return typeof value === "object" && value !== null && typeof (value as Error).message === "string";
}

/** The stack's frames ("    at …" lines) under a redacted first line. */
function redactStack(err: Error, type: string): string | undefined {
  if (typeof err.stack !== "string") return undefined;
  const framesAt = err.stack.search(/\n\s+at /);
  return `${type}: ${redactMessage(err.message)}${framesAt >= 0 ? err.stack.slice(framesAt) : ""}`;
}

export type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(err: Error & Record<string, unknown>, depth: number): LoggedError {
  const type = err.constructor?.name && err.constructor.name !== "Object" ? err.constructor.name : "Error";
  const out: LoggedError = { type, message: redactMessage(err.message), stack: redactStack(err, type) ?? "" };
  for (const key of Object.keys(err)) {
    if (key in out || key === "cause") continue;
    const value = err[key];
    if (VALUE_KEYS.has(key)) out[key] = REDACTED;
    else if (key === "detail" && typeof value === "string") out[key] = redactDetail(value);
    else if (typeof value === "string") out[key] = redactMessage(value);
    else if (isErrorLike(value)) out[key] = depth < MAX_CAUSES ? serialize(value, depth + 1) : REDACTED;
    else out[key] = value;
  }
  if (isErrorLike(err.cause) && depth < MAX_CAUSES) {
    const cause = serialize(err.cause, depth + 1);
    out.cause = cause;
    out.message = `${out.message}: ${cause.message}`;
  }
  return out;
}

/** The logger's serializer of `err` (Fastify passes it to pino, in place of pino's own). */
export function serializeLoggedError(err: unknown): LoggedError {
  return isErrorLike(err) ? serialize(err, 0) : { type: typeof err, message: String(err), stack: "" };
}
