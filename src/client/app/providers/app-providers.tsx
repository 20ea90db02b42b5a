import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { lazyPart } from "@/lib/lazy-component";
import { ThemeProvider } from "./theme-provider";

/**
 * The toasts' code (Radix Toast and its layers, about 9 KB gzip) is a chunk of its own (issue 13 item 6, D73):
 * the page hydrates without it, and a toast asked for meanwhile waits in the store (use-toast.ts) until the
 * viewport is there.
 */
const Toaster = lazyPart("toaster", () => import("@/components/ui/toaster").then((m) => m.Toaster));

export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
