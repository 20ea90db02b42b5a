import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRequest, errorMessage, getJson, withQuery } from "./api-client";

function stubFetch(response: Response | (() => Response)) {
  const fn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === "function" ? response() : response,
  );
  vi.stubGlobal("fetch", fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest (D61)", () => {
  it("sends JSON bodies with cookies and a JSON content type", async () => {
    const fetch = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/newsletter", { email: "a@b.c" });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/newsletter");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.c" }));
  });

  it("sends {} with a JSON content type for a body-less mutation (D62)", async () => {
    const fetch = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/games/1/play");
    const init = fetch.mock.calls[0][1];
    expect(init?.body).toBe("{}");
    expect((init?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no body on GET", async () => {
    const fetch = stubFetch(new Response("[]", { status: 200 }));
    await apiRequest("GET", "/api/games");
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
  });

  it("uses the JSON body's message field: '{status}: {message}'", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Game not found" }), { status: 404, statusText: "Not Found" }));
    const err = await apiRequest("GET", "/api/games/9").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect((err as ApiError).message).toBe("404: Game not found");
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).serverMessage).toBe("Game not found");
  });

  it("falls back to the body text when the body is not JSON with a message (spec §8)", async () => {
    stubFetch(new Response("Bad gateway from proxy", { status: 502, statusText: "Bad Gateway" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("502: Bad gateway from proxy");
  });

  it("uses the body text when JSON has no message field", async () => {
    stubFetch(new Response('{"error":"nope"}', { status: 400, statusText: "Bad Request" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow('400: {"error":"nope"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });
});

describe("getJson", () => {
  it("returns null on 401 when asked to", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Not signed in" }), { status: 401 }));
    await expect(getJson("/api/auth/user", { on401: "returnNull" })).resolves.toBeNull();
  });

  it("throws on 401 by default (spec §7)", async () => {
    stubFetch(new Response(JSON.stringify({ message: "Not signed in" }), { status: 401 }));
    await expect(getJson("/api/auth/user")).rejects.toThrow("401: Not signed in");
  });

  it("sends cookies and validates with a schema", async () => {
    const fetch = stubFetch(new Response(JSON.stringify({ a: 1, extra: true }), { status: 200 }));
    await expect(getJson("/api/a", { schema: z.object({ a: z.number() }) })).resolves.toEqual({ a: 1 });
    expect(fetch.mock.calls[0][1]?.credentials).toBe("include");
  });

  it("rejects a payload that breaks the contract", async () => {
    stubFetch(new Response(JSON.stringify({ a: "x" }), { status: 200 }));
    await expect(getJson("/api/a", { schema: z.object({ a: z.number() }) })).rejects.toThrow();
  });
});

describe("helpers", () => {
  it("errorMessage strips the status for people", () => {
    expect(errorMessage(new ApiError(400, "Please enter a valid email address"))).toBe(
      "Please enter a valid email address",
    );
    expect(errorMessage(new Error("409: Taken"))).toBe("Taken");
    expect(errorMessage("weird", "fallback")).toBe("fallback");
  });

  it("withQuery skips empty values", () => {
    expect(withQuery("/api/games", { search: "snake rush", category: "", sort: undefined, limit: 10 })).toBe(
      "/api/games?search=snake+rush&limit=10",
    );
    expect(withQuery("/api/games", {})).toBe("/api/games");
  });
});
