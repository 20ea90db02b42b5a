import { CircleAlert, CircleCheck, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/utils";
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, TOAST_VIEWPORT_CLASSES, useToast } from "./use-toast";

const TOAST_ACTION_CLASSES =
  "mt-1 inline-flex h-8 w-fit items-center rounded-md border border-current/30 px-3 text-sm font-semibold transition-colors hover:bg-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The element shown fullscreen (the game player), if any: only what is inside it can be seen then. */
function useFullscreenElement(): Element | null {
  const [element, setElement] = useState<Element | null>(null);
  useEffect(() => {
    const onChange = () => setElement(document.fullscreenElement);
    onChange();
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  return element;
}

/**
 * Radix Toast with the spec's constants (§9): lifetime 5000 ms, swipe right 50 px to dismiss,
 * viewport hotkey F8, one at a time (the store keeps at most one). While the game player is fullscreen the toasts
 * show inside it ("Invited", a friend's message), or nobody would see them.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const fullscreen = useFullscreenElement();
  const viewport = <ToastPrimitive.Viewport hotkey={[TOAST_HOTKEY]} className={TOAST_VIEWPORT_CLASSES} />;
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map(({ id, title, description, variant = "default", duration, open, action }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(o) => {
            if (!o) dismiss(id);
          }}
          className={cn(
            "toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-xl",
            variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-popover text-popover-foreground",
          )}
        >
          {variant === "destructive" ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          )}
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>
            ) : null}
            {action ? (
              <ToastPrimitive.Action altText={action.altText} asChild>
                {action.href ? (
                  <a href={action.href} className={TOAST_ACTION_CLASSES}>
                    {action.label}
                  </a>
                ) : (
                  <button type="button" onClick={action.onClick} className={TOAST_ACTION_CLASSES}>
                    {action.label}
                  </button>
                )}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {fullscreen ? createPortal(viewport, fullscreen) : viewport}
    </ToastPrimitive.Provider>
  );
}
