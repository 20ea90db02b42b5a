import { Suspense, useEffect, useId, useState, type ReactNode } from "react";

/**
 * Contract: a part of a server-rendered page whose code is not needed until something happens (D73), e.g. a list
 * that only a signed-in player's own marks change. The server renders the part inside a wrapper element of its own
 * (a plain `<div>`, so a part that is the last of its siblings stays so). While the page hydrates, the browser keeps
 * that wrapper's HTML exactly as it came, static (links in it still work as plain links), and loads nothing for it;
 * once `wanted`, the part's code loads and React renders the part in the wrapper in place of its copy: the same
 * markup. A part rendered in the browser (after a navigation), or whose code is there already, renders at once.
 */
export function StaticUntilWanted({
  part,
  wanted,
  children,
}: {
  part: { preload(): Promise<unknown>; isLoaded(): boolean };
  wanted: boolean;
  /** renders the part (a lazyPart) */
  children: ReactNode;
}) {
  const id = useId();
  // The server's HTML of this wrapper, read before React takes the page over; null when there is none to keep.
  const [kept, setKept] = useState(() =>
    part.isLoaded() || typeof document === "undefined" ? null : (document.getElementById(id)?.innerHTML ?? null),
  );
  useEffect(() => {
    if (kept === null || !wanted) return;
    let current = true;
    part.preload().then(
      () => current && setKept(null),
      () => undefined, // the copy stays; the next change of `wanted` tries again
    );
    return () => {
      current = false;
    };
  }, [kept, wanted, part]);
  if (kept !== null) return <div id={id} dangerouslySetInnerHTML={{ __html: kept }} />;
  return (
    <div id={id}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
