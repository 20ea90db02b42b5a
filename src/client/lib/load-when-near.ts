import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Contract: the code of a part far down a page (the home page's chat, D73) loads when the part comes within one
 * viewport's height of being seen, or when the visitor reaches for it first (a pointer over it, focus or a touch in
 * it): not before the first interaction of a visitor who stays at the top. Until then the part's place holds a
 * placeholder with the markup the part itself renders while loading (as the server rendered it), so nothing
 * moves. Without IntersectionObserver (old browsers, jsdom) the code loads at once. Should it fail to load, the
 * placeholder stays and the next reach tries again.
 */

/** How far below the viewport the part may still be when its code starts loading. */
export const NEAR_MARGIN = "0px 0px 100% 0px";

export type ReachHandlers = { onPointerEnter(): void; onFocus(): void; onTouchStart(): void };

/**
 * `ready` turns true once `part`'s code has loaded after the element behind `ref` came near or was reached for
 * (spread `handlers` on that element); then render the part in the placeholder's place. `hadFocus`: focus was in
 * the placeholder then (the part should take it, or it is lost with the placeholder).
 */
export function useLoadWhenNear(
  ref: RefObject<HTMLElement | null>,
  part: { preload(): Promise<unknown> },
): { ready: boolean; hadFocus: boolean; handlers: ReachHandlers } {
  const [ready, setReady] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    part.preload().then(
      () => {
        setHadFocus(ref.current?.contains(document.activeElement) ?? false);
        setReady(true);
      },
      () => {
        loading.current = false;
      },
    );
  }, [part, ref]);

  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      load();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready, ref, load]);

  return { ready, hadFocus, handlers: { onPointerEnter: load, onFocus: load, onTouchStart: load } };
}
