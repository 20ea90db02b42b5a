import "./dom-polyfills";
import { configure, render, type RenderResult } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "@/app/app";
import { AppProviders } from "@/app/providers/app-providers";
import { createQueryClient } from "@/lib/query-client";

// Whole-app renders are slow on a cold, busy machine (first import of every screen): give
// findBy*/waitFor more than the 1 s default so the suite does not flake.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

export type MockRequest = { method: string; url: URL; body: unknown };
export type MockHandler = (req: MockRequest) => Response | Promise<Response>;
export type MockRoute = [method: string, path: string | RegExp, handler: MockHandler];

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
}

/**
 * Replaces global fetch with a tiny router. Unmatched requests answer 404 {message}, like the
 * server does for unknown API paths. Returns the mock so tests can inspect calls.
 */
export function mockApi(routes: MockRoute[]) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    for (const [m, path, handler] of routes) {
      if (m !== method) continue;
      if (typeof path === "string" ? url.pathname === path : path.test(url.pathname))
        return handler({ method, url, body });
    }
    return jsonResponse({ message: "Not found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** Who is signed in, as GET /api/auth/session answers (ADR 011). */
export const signedOut: MockRoute = ["GET", "/api/auth/session", () => jsonResponse({ user: null })];
export const signedInAs = (user: {
  id: number;
  username: string;
  avatarUrl?: string | null;
  role?: "player" | "creator" | "moderator" | "admin";
}): MockRoute => [
  "GET",
  "/api/auth/session",
  () => jsonResponse({ user: { avatarUrl: null, createdAt: "2025-01-01T00:00:00.000Z", role: "player", ...user } }),
];

/** No site content items: every text falls back to its default. */
export const noContent: MockRoute = ["GET", "/api/content", () => jsonResponse([])];

/**
 * The hooks of a screen test (call it at the top of the file or of a describe): cookies are consented
 * before each test, so that the cookie notice does not cover the screen; after each, the mocked fetch
 * and any other stubbed global are restored and localStorage is emptied.
 */
export function setUpScreenTests(): void {
  beforeEach(() => localStorage.setItem("cookieConsent", "all"));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** Renders the whole app at `path` (may include ?query) on a memory location. */
export function renderApp(path: string): RenderResult & { location: ReturnType<typeof memoryLocation> } {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <App queryClient={createQueryClient()} router={{ hook: location.hook, searchHook: location.searchHook }} />,
  );
  return Object.assign(result, { location });
}

/** Renders a fragment inside the app's providers and a memory router. */
export function renderWithProviders(ui: ReactNode, path = "/") {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
  );
  return Object.assign(result, { location });
}
