import type { ZodType } from "zod";

/**
 * The one way the client talks to the API (D61).
 * - every call sends cookies (`credentials: "include"`);
 * - JSON bodies go with `Content-Type: application/json`;
 * - any non-ok response raises `Error("{status}: {message}")`, the message being the JSON body's
 *   `message` field, else the body text, else the status text.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message without the status prefix, suitable for a toast. */
  readonly serverMessage: string;
  /** D60: the machine-readable reason, when the server gave one (e.g. "step_up_required"). */
  readonly code?: string;

  constructor(status: number, serverMessage: string, code?: string) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * How a request leaves: the browser's fetch, or, while the server renders a page (D70), the
 * server's own API answering in process without any visitor's cookies.
 */
let send: ApiFetch = (url, init) => fetch(url, init);

/** The server's page renderer routes the screens' reads to the API in process (src/client/entry-server.tsx). */
export function setApiFetch(fetcher: ApiFetch): void {
  send = fetcher;
}

async function errorOf(res: Response): Promise<{ message: string; code?: string }> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    text = "";
  }
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "message" in parsed) {
        const { message, code } = parsed as { message: unknown; code?: unknown };
        if (typeof message === "string" && message.trim())
          return { message, code: typeof code === "string" ? code : undefined };
      }
    } catch {
      // not JSON: the body text itself is the message
    }
    if (text.trim()) return { message: text.trim() };
  }
  return { message: res.statusText || "Request failed" };
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const { message, code } = await errorOf(res);
  throw new ApiError(res.status, message, code);
}

/**
 * Sends a request and returns the ok Response (throws ApiError otherwise).
 * Mutating calls always carry a JSON content type (D62 CSRF rule), so a body-less POST such as
 * `POST /api/games/{id}/play` sends `{}`. FormData bodies go as multipart (the browser sets the boundary).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined || method !== "GET") {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body ?? {});
  }
  const res = await send(url, {
    method,
    headers,
    body: method === "GET" ? undefined : payload,
    credentials: "include",
    signal: init.signal,
    // A report sent as the page goes away (pagehide) still leaves; sendBeacon cannot send JSON's content type (D62).
    ...(init.keepalive ? { keepalive: true } : {}),
  });
  await throwIfResNotOk(res);
  return res;
}

export type GetJsonOptions<T> = {
  /** What a 401 means for this read: an error (default, spec §7) or "nobody" (null). */
  on401?: "throw" | "returnNull";
  /**
   * Contract schema to validate the payload against: the admin area's reads only (a lazy chunk). Public reads
   * pass none, so that zod stays out of what a public page loads (D73): the server serialises
   * every response from the same contract, and its tests check that it does.
   */
  schema?: ZodType<T>;
  signal?: AbortSignal;
};

export async function getJson<T>(url: string, options: GetJsonOptions<T> & { on401: "returnNull" }): Promise<T | null>;
export async function getJson<T>(url: string, options?: GetJsonOptions<T>): Promise<T>;
export async function getJson<T>(url: string, options: GetJsonOptions<T> = {}): Promise<T | null> {
  const res = await send(url, {
    headers: { Accept: "application/json" },
    credentials: "include",
    signal: options.signal,
  });
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  const data: unknown = await res.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** The message to show a person for a failed call: the server's own words, without the status. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message.replace(/^\d{3}: /, "");
  return fallback;
}

/** Builds `path?query` from defined, non-empty values. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
