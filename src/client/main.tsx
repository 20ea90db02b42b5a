import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { afterFirstPaint } from "./lib/after-first-paint";
import { preloadScreens } from "./lib/lazy-component";
import { queryClient } from "./lib/query-client";
import { hydrateQueryClient, readSsrState } from "./lib/ssr-state";
import "./index.css";

// The server puts each page's <title> and meta description in its first HTML for crawlers and link previews
// (D71). Screens set theirs with React 19 <title>/<meta> hoisting: hydrating, React takes over
// the server's (the same texts, src/contract/pages.ts), so there is always exactly one of each in <head>.

/**
 * Marks the document once React has rendered it (`<html data-hydrated>`): tools and tests can wait for it. A
 * hydrated public page is marked by its screen (lib/lazy-component.tsx), whose boundary may hydrate later.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return children;
}

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

// D70: a public page comes rendered with its data; React takes over that HTML (hydration) with the same data.
// The admin area, and a page the server could not render, start empty and render here.
const state = readSsrState();
if (state && root.firstElementChild) {
  const container = root;
  hydrateQueryClient(queryClient, state);
  // The page's screen is a chunk of its own: load it first, so that hydration finds what the server rendered.
  // (Should one fail to load, hydration goes on: the screen then says it could not be loaded.)
  // Hydration waits for the browser's first paint of that HTML (D73): the scripts are often ready before the
  // page has been painted, and hydrating first would hold the content back by the whole hydration's time.
  // In a transition, React hydrates in slices that yield to the browser (no long task holding a tap back while
  // the whole page hydrates: Lighthouse's total blocking time), the content being on screen already.
  void Promise.all([preloadScreens(state.screens).catch(() => undefined), afterFirstPaint()]).then(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App renderedAt={state.renderedAt} />
        </StrictMode>,
        {
          // A hydration mismatch is a bug (the e2e suite fails on console errors): say which.
          onRecoverableError: (error) => console.error("Hydration error:", error),
        },
      );
    }),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <MarkHydrated>
        <App />
      </MarkHydrated>
    </StrictMode>,
  );
}
