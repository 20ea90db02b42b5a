import type { QueryClient } from "@tanstack/react-query";
import { Router, type RouterProps } from "wouter";
import { AppProviders } from "./providers/app-providers";
import { AppRoutes } from "./router";

export type AppProps = {
  queryClient?: QueryClient;
  /** wouter options (tests pass a memory location) */
  router?: Omit<RouterProps, "children">;
};

export function App({ queryClient, router }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <Router {...router}>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
