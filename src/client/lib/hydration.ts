import type { UseQueryResult } from "@tanstack/react-query";
import { createContext, useContext, useSyncExternalStore } from "react";
import { chatTime, formatDate, relativeTime } from "./format";

/**
 * Server rendering and hydration (D70). The server renders each public page once for every visitor
 * and the browser hydrates that HTML; both renders must produce the same markup. What depends on the
 * browser (stored preferences, the local time zone, the clock, the visitor's session) waits until the page
 * is hydrated: `useHydrated()` is false on the server and during hydration, true from then on (and at once on
 * a screen reached by navigation).
 */

const subscribeNever = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * When the server rendered the page (ms since the epoch). Texts that depend on the clock ("5 minutes ago")
 * use it until the page is hydrated, so that the browser's first render says what the server said.
 */
export const RenderedAtContext = createContext<number | null>(null);

/** Formats times the same way on the server and during hydration, then in the visitor's time zone and clock. */
export type TimeContext = {
  /** "now" for relative times */
  now: number;
  /** undefined: the browser's own time zone; "UTC" until hydrated */
  timeZone: "UTC" | undefined;
};

export function useTimeContext(): TimeContext {
  const hydrated = useHydrated();
  const renderedAt = useContext(RenderedAtContext);
  if (hydrated || renderedAt === null) return { now: Date.now(), timeZone: undefined };
  return { now: renderedAt, timeZone: "UTC" };
}

/** Date and time texts that hydrate cleanly (see TimeContext). */
export function useTimeFormat() {
  const { now, timeZone } = useTimeContext();
  return {
    timeZone,
    date: (value: Date | string | number) => formatDate(value, timeZone),
    relative: (value: Date | string | number) => relativeTime(value, now),
    chat: (value: Date | string | number) => chatTime(value, timeZone),
  };
}

/**
 * A client-only query (`meta.clientOnly`: the session, the live chat) as the server rendered it, pending,
 * until the part of the page that shows it has hydrated. A part inside a Suspense boundary (a screen) may
 * hydrate after the query has answered; without this it would render the answer over the server's HTML.
 */
export function useAsServerRendered<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  const hydrated = useHydrated();
  if (hydrated || query.isPending) return query;
  return {
    ...query,
    data: undefined,
    error: null,
    status: "pending",
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    isFetched: false,
    isFetchedAfterMount: false,
    isPlaceholderData: false,
    dataUpdatedAt: 0,
  } as UseQueryResult<T>;
}
