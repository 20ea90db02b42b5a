import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, type Query } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "./app/app";
import "./app/router";
import { ApiError, setApiFetch, type ApiFetch } from "./lib/api-client";
import { preloadAll, RenderedScreensContext } from "./lib/lazy-component";
import { createQueryClient } from "./lib/query-client";
import { ssrStateJson, type SsrState } from "./lib/ssr-state";

/**
 * Server rendering of the public pages (D70). Built by Vite as its own bundle (dist/ssr/) and loaded
 * by the server (src/server/routes/pages.ts), which hands it a fetch that answers the screens' API reads in
 * process, without cookies: the HTML is the same for every visitor.
 *
 * Contract:
 * - `render(path, search)` renders the screen of that path with its data: it renders, fetches every query
 *   the render asked for that is not client-only (`meta.clientOnly`: the session, live chat), and renders
 *   again until no new query appears (at most MAX_PASSES). The screens are the client's, unchanged: there is
 *   no second list of what a page needs.
 * - It answers `{ ok: true, html, state }`: the markup for `#root` and the JSON for the client's query cache
 *   (lib/ssr-state.ts), so that the browser hydrates with the same data and fetches nothing again.
 * - A read that fails with anything but 400/404 (a database outage), or a render that throws, answers
 *   `{ ok: false }`: the server then sends the page without a body and the browser renders it alone.
 *   400/404 are the page's real answer (an unknown game): they are rendered and handed over as errors.
 */

export type RenderResult = { ok: true; html: string; state: string; screens: string[] } | { ok: false; reason: string };
export type PageRenderer = (input: { path: string; search: string; renderedAt: number }) => Promise<RenderResult>;

/** Enough for a screen whose queries depend on other queries' answers (a game, then its similar games). */
const MAX_PASSES = 4;

const isNotFoundError = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function waitsForData(query: Query): boolean {
  if (query.state.status !== "pending" || query.state.fetchStatus !== "idle") return false;
  if (query.meta?.clientOnly === true) return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

async function toHtml(element: React.ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(element, {
    onError: (error) => void errors.push(error),
    // React outlines a large Suspense boundary (a screen) and reveals it with an inline script, which the CSP
    // forbids (no inline scripts): nothing here streams, so every boundary stays in place.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}

/**
 * React 19 writes the <title> and <meta> that screens render (D1) at the start of the markup when it renders
 * without a document; the server's head already carries the same texts (src/contract/pages.ts), so they are
 * taken out of the body, where they do not belong.
 */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * Each render reads through the fetch of the app that asked for it (one process may hold several apps: the
 * tests do), so the screens' API helper asks this store which one that is.
 */
const renderFetch = new AsyncLocalStorage<ApiFetch>();
let installed = false;

export function createPageRenderer(fetchApi: ApiFetch): PageRenderer {
  if (!installed) {
    setApiFetch((url, init) => {
      const fetcher = renderFetch.getStore();
      if (!fetcher) return Promise.reject(new Error(`no page render is reading ${url}`));
      return fetcher(url, init);
    });
    installed = true;
  }
  return (input) => renderFetch.run(fetchApi, () => renderPage(input));
}

/** Every screen and part, loaded once before the first render (a render never waits for code). */
let loadedAll: Promise<unknown> | undefined;

async function renderPage({
  path,
  search,
  renderedAt,
}: {
  path: string;
  search: string;
  renderedAt: number;
}): Promise<RenderResult> {
  await (loadedAll ??= preloadAll().catch((error: unknown) => {
    loadedAll = undefined;
    throw error;
  }));
  const queryClient = createQueryClient();
  // A read that failed (404) is the answer to render, not a reason to show a loading state and fetch again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const tried = new Set<string>();
  const screens = new Set<string>();
  const app = () => (
    <StrictMode>
      <RenderedScreensContext.Provider value={screens}>
        <App queryClient={queryClient} router={{ ssrPath: path, ssrSearch: search }} renderedAt={renderedAt} />
      </RenderedScreensContext.Provider>
    </StrictMode>
  );
  try {
    let html = await toHtml(app());
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => !tried.has(q.queryHash) && waitsForData(q));
      if (waiting.length === 0) break;
      for (const q of waiting) tried.add(q.queryHash);
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
      html = await toHtml(app());
    }
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .find((q) => q.state.status === "error" && !isNotFoundError(q.state.error));
    if (failed) return { ok: false, reason: `query ${failed.queryHash} failed: ${String(failed.state.error)}` };
    // Anything still waiting would need React's inline scripts to appear (forbidden by the CSP): send the shell.
    if (/<template id="B:|\$RC\(/.test(html)) return { ok: false, reason: "a part of the page was still loading" };
    const dehydrated = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) =>
        q.state.status === "success" || (q.state.status === "error" && isNotFoundError(q.state.error)),
    });
    const state: SsrState = { renderedAt, screens: [...screens], queries: dehydrated };
    return { ok: true, html: html.replace(LEADING_HOISTABLES, ""), state: ssrStateJson(state), screens: state.screens };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    queryClient.clear();
  }
}
