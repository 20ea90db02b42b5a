import { hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { scriptJson, SSR_STATE_ELEMENT_ID } from "@contract/html";
import { ApiError } from "./api-client";

/**
 * What a server-rendered page hands to the browser (D70), in
 * `<script type="application/json" id="arcadium-state">`: when it was rendered and the query cache it was
 * rendered from, so that hydration renders the same markup and fetches nothing again.
 */
export type SsrState = {
  renderedAt: number;
  /** the lazily loaded screens the page was rendered with (lib/lazy-component.tsx): loaded before hydration */
  screens: string[];
  queries: DehydratedState;
};

/** The state as JSON that is safe inside a <script> element. */
export function ssrStateJson(state: SsrState): string {
  return scriptJson(state);
}

/** The server's state in this document, or null for a page rendered in the browser (the admin area). */
export function readSsrState(doc: Document = document): SsrState | null {
  const element = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as SsrState;
    return typeof parsed.renderedAt === "number" &&
      Array.isArray(parsed.screens) &&
      parsed.queries &&
      Array.isArray(parsed.queries.queries)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/**
 * Puts the server's answers in the client's cache. A 404 the server rendered (an unknown game) comes back as
 * the ApiError the screens expect, and is not fetched again when the screen mounts.
 */
export function hydrateQueryClient(client: QueryClient, state: SsrState): void {
  for (const query of state.queries.queries) {
    const error = query.state.error as { name?: string; status?: number; serverMessage?: string } | null;
    if (error && error.name === "ApiError" && typeof error.status === "number") {
      query.state.error = new ApiError(error.status, error.serverMessage ?? "");
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  hydrate(client, state.queries);
}
