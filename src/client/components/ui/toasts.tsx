import { Suspense, useEffect, useRef, useState } from "react";
import { lazyPart } from "@/lib/lazy-component";
import { TOAST_HOTKEY, TOAST_VIEWPORT_CLASSES, useToast } from "./use-toast";

/**
 * The toasts' code (Radix Toast and its layers) loads with the first toast asked for, or when the viewport's
 * hotkey is pressed (D73): until then the viewport's empty region stands in, as Radix renders it, and a toast
 * waits in the store (use-toast.ts) until the viewport is there.
 */
const Toaster = lazyPart("toaster", () => import("./toaster").then((m) => m.Toaster));

function ToastViewportStandIn() {
  return (
    <div role="region" aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1} style={{ pointerEvents: "none" }}>
      <ol tabIndex={-1} className={TOAST_VIEWPORT_CLASSES} />
    </div>
  );
}

export function Toasts() {
  const { toasts } = useToast();
  const [active, setActive] = useState(false);
  const hotkeyPressed = useRef<KeyboardEventInit | null>(null);
  const wanted = !active && toasts.length > 0;

  useEffect(() => {
    if (active) {
      // The viewport's own hotkey listener is in place (its effects ran first): the press that loaded it moves focus.
      if (hotkeyPressed.current) document.dispatchEvent(new KeyboardEvent("keydown", hotkeyPressed.current));
      hotkeyPressed.current = null;
      return;
    }
    const activate = () =>
      void Toaster.preload().then(
        () => setActive(true),
        () => undefined,
      );
    if (wanted) activate();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== TOAST_HOTKEY) return;
      hotkeyPressed.current = { code: event.code, key: event.key, bubbles: true };
      activate();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active, wanted]);

  if (!active) return <ToastViewportStandIn />;
  return (
    <Suspense fallback={<ToastViewportStandIn />}>
      <Toaster />
    </Suspense>
  );
}
