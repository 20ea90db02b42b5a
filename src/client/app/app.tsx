import type { QueryClient } from "@tanstack/react-query";
import { Router, type RouterProps } from "wouter";
import { RenderedAtContext } from "@/lib/hydration";
import { AppProviders } from "./providers/app-providers";
import { AppRoutes } from "./router";

export type AppProps = {
  queryClient?: QueryClient;
  /** wouter options (tests pass a memory location; the server passes ssrPath and ssrSearch) */
  router?: Omit<RouterProps, "children">;
  /** D70: when the server rendered the page being hydrated (lib/hydration.ts) */
  renderedAt?: number;
};

export function App({ queryClient, router, renderedAt }: AppProps) {
  return (
    <RenderedAtContext.Provider value={renderedAt ?? null}>
      <AppProviders queryClient={queryClient}>
        <Router {...router}>
          <AppRoutes />
        </Router>
      </AppProviders>
    </RenderedAtContext.Provider>
  );
}
