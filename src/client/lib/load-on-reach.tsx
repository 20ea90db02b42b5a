import { Suspense, use, useCallback, useState, type ReactNode } from "react";

/**
 * Contract: a part of a page that is hidden until the visitor asks for it (a tab's panel) and whose code waits
 * until they reach for it (D73): point at, focus or press what shows it. The server renders the part, so crawlers
 * and the first paint have its HTML; in the browser that HTML stays as it came, not hydrated, until the part's
 * code has loaded. The part is then rendered afresh in its place rather than hydrated: by then the answers it was
 * rendered from may have left the query cache, and it is still hidden. A part whose code is there already (on the
 * server, on a later page, in tests) renders at once.
 */

type Part = { preload(): Promise<unknown>; isLoaded(): boolean };

/** Where a part stands: `reachFor` starts loading its code (again after a failed load). */
export type Reach = { loaded: boolean; reachFor(): void; waiting: Promise<never> };

export function useReach(part: Part): Reach {
  const [loaded, setLoaded] = useState(part.isLoaded);
  // What the part's place suspends on until then; it never settles, and goes with the page (one per use).
  const [waiting] = useState(() => new Promise<never>(() => {}));
  const reachFor = useCallback(() => {
    part.preload().then(
      () => setLoaded(true),
      () => undefined,
    );
  }, [part]);
  return { loaded, reachFor, waiting };
}

function Waiting({ on }: { on: Promise<never> }) {
  return use(on);
}

/**
 * The part (`children`, rendering the lazy part) once its code is loaded. Until then its place suspends: while the
 * page hydrates, React keeps the server's HTML there; in a page rendered in the browser it shows `fallback`, as it
 * does when the part is chosen before its code has come.
 */
export function LoadedOnReach({
  reach,
  fallback,
  children,
}: {
  reach: Reach;
  fallback: ReactNode;
  children: ReactNode;
}) {
  // A new key once loaded: the boundary the server's HTML was kept in is replaced, never hydrated.
  return (
    <Suspense key={reach.loaded ? "loaded" : "waiting"} fallback={fallback}>
      {reach.loaded ? children : <Waiting on={reach.waiting} />}
    </Suspense>
  );
}
