import type { ZodType } from "zod";
import { ApiError } from "./api-client";

/**
 * Form submissions that need the server's field errors (D60: a 400 carries
 * `errors: [{path, message}]`). Same conventions as api-client: cookies, a JSON body
 * with a JSON content type, `Error("{status}: {message}")`; the error additionally keeps the
 * per-field messages so that a form can show them next to their fields.
 */
export type FieldErrors = Record<string, string>;

export class ApiFieldError extends ApiError {
  readonly fieldErrors: FieldErrors;
  /** The JSON body's `message` field, when it had one (spec §7: login shows it, else 'Login failed'). */
  readonly bodyMessage: string | undefined;

  constructor(status: number, serverMessage: string, fieldErrors: FieldErrors, bodyMessage?: string) {
    super(status, serverMessage);
    this.name = "ApiFieldError";
    this.fieldErrors = fieldErrors;
    this.bodyMessage = bodyMessage;
  }
}

/** The first message for each field path ("email", "items.0.id"); body-level errors are left out. */
export function toFieldErrors(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors) {
    if (!e || typeof e !== "object") continue;
    const { path, message } = e as { path?: unknown; message?: unknown };
    const key = Array.isArray(path) ? path.join(".") : typeof path === "string" ? path : "";
    if (!key || key === "body" || typeof message !== "string" || !message) continue;
    if (!(key in out)) out[key] = message;
  }
  return out;
}

async function errorOf(res: Response): Promise<ApiFieldError> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    text = "";
  }
  let message = "";
  let bodyMessage: string | undefined;
  let fieldErrors: FieldErrors = {};
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object") {
        const m = (parsed as { message?: unknown }).message;
        if (typeof m === "string" && m.trim()) message = bodyMessage = m;
        fieldErrors = toFieldErrors((parsed as { errors?: unknown }).errors);
      }
    } catch {
      // not JSON: the body text is the message
    }
    if (!message && text.trim()) message = text.trim();
  }
  return new ApiFieldError(res.status, message || res.statusText || "Request failed", fieldErrors, bodyMessage);
}

/**
 * POSTs JSON and returns the parsed response; throws ApiFieldError. The response is not checked against the
 * contract: the server serialises it from the contract, and zod stays out of what public pages load (D73).
 */
export async function postForm<T = unknown>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
    credentials: "include",
  });
  if (!res.ok) throw await errorOf(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Field errors carried by an error from postForm (empty for anything else). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiFieldError ? error.fieldErrors : {};
}

/**
 * Client-side check with a contract schema loaded on demand (a dynamic import, so that zod is not part of what
 * a public page loads up front: D73). Should the schema fail to load (offline, a new release
 * replaced the chunk), the values go unchecked: the server checks them with the same schema and answers the
 * same messages as field errors.
 */
export async function checkWith<T>(
  loadSchema: () => Promise<ZodType<T>>,
  values: unknown,
): Promise<{ ok: true; data: T } | { ok: false; fieldErrors: FieldErrors }> {
  let schema: ZodType<T>;
  try {
    schema = await loadSchema();
  } catch (err) {
    console.warn("Could not load the form's rules: the server checks them", err);
    return { ok: true, data: values as T };
  }
  return validateWith(schema, values);
}

/** Client-side check with a contract schema: the same rules and messages as the server. */
export function validateWith<T>(
  schema: ZodType<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    fieldErrors: toFieldErrors(
      result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    ),
  };
}
