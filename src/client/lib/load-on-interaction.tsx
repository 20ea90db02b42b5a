import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";

/**
 * Contract: code a visitor needs only once they reach for it (a menu's contents, a select's list, D73) loads at
 * the first interaction with its trigger. Until then a stand-in trigger is rendered, by the server too, with the
 * markup of the part's own closed trigger, so nothing moves or changes when the part takes its place. Focus or a
 * mouse over the stand-in fetches the part's code; a press on it (pointer, key, click) is recorded and replayed on
 * the part's own trigger once that is rendered, so the press that loaded the menu also opens it; focus moves to
 * the part's trigger if the stand-in had it. Should the code fail to load, the stand-in stays and the next
 * interaction tries again.
 */

/** What a Radix menu trigger says while closed: the stand-in of a menu's trigger says the same. */
export const CLOSED_MENU_TRIGGER = { "aria-haspopup": "menu", "aria-expanded": false, "data-state": "closed" } as const;

/** The handlers a stand-in trigger spreads onto its element. */
export type StandInHandlers = {
  onPointerEnter(event: PointerEvent<HTMLElement>): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onClick(event: MouseEvent<HTMLElement>): void;
};

type Press = { kind: "pointer" | "key" | "mouse"; type: string; init: PointerEventInit & KeyboardEventInit };

/** Keys a closed Radix trigger acts on (and whose default, a click or a scroll, it prevents). */
const TRIGGER_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

function recordOf(event: PointerEvent | KeyboardEvent | MouseEvent): Press["init"] {
  const base = {
    bubbles: true,
    cancelable: true,
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
  };
  if ("key" in event) return { ...base, key: event.key, code: event.code, repeat: event.repeat };
  const pointer =
    "pointerType" in event
      ? { pointerId: event.pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary }
      : {};
  return {
    ...base,
    ...pointer,
    button: event.button,
    buttons: event.buttons,
    clientX: event.clientX,
    clientY: event.clientY,
    detail: event.detail,
  };
}

function replay(target: HTMLElement, press: Press) {
  const event =
    press.kind === "pointer"
      ? new window.PointerEvent(press.type, press.init)
      : press.kind === "key"
        ? new window.KeyboardEvent(press.type, press.init)
        : new window.MouseEvent(press.type, press.init);
  target.dispatchEvent(event);
}

/**
 * `active` is false until the part's code has loaded after an interaction with the stand-in (render the stand-in
 * with `handlers`), then true (render the part, its trigger given `triggerRef`).
 */
export function useLoadOnInteraction(part: { preload(): Promise<unknown> }): {
  active: boolean;
  handlers: StandInHandlers;
  triggerRef: (element: HTMLElement | null) => void;
} {
  const [active, setActive] = useState(false);
  const presses = useRef<Press[]>([]);
  const loading = useRef(false);
  const focusTrigger = useRef(false);
  const trigger = useRef<HTMLElement | null>(null);

  const start = useCallback(
    (standIn: HTMLElement) => {
      if (loading.current) return;
      loading.current = true;
      part.preload().then(
        () => {
          focusTrigger.current = document.activeElement === standIn;
          setActive(true);
        },
        () => {
          loading.current = false;
          presses.current = [];
        },
      );
    },
    [part],
  );

  // The part renders in the commit that activates it (its code is loaded): its trigger and its own effects are
  // there when this effect runs, so the replayed presses reach the part as they would have. They are replayed in a
  // microtask, after React has finished this commit: a Radix layer's handlers flush React synchronously, which
  // React refuses from inside an effect.
  useEffect(() => {
    const element = trigger.current;
    if (!active || !element) return;
    if (focusTrigger.current) element.focus({ preventScroll: true });
    const pending = presses.current.splice(0);
    queueMicrotask(() => {
      if (!element.isConnected) return;
      for (const press of pending) replay(element, press);
    });
  }, [active]);

  const handlers: StandInHandlers = {
    onPointerEnter: (event) => {
      if (event.pointerType === "mouse") start(event.currentTarget);
    },
    onFocus: (event) => start(event.currentTarget),
    onPointerDown: (event) => {
      presses.current.push({ kind: "pointer", type: "pointerdown", init: recordOf(event) });
      start(event.currentTarget);
    },
    onKeyDown: (event) => {
      if (!TRIGGER_KEYS.has(event.key)) return;
      event.preventDefault();
      presses.current.push({ kind: "key", type: "keydown", init: recordOf(event) });
      start(event.currentTarget);
    },
    onClick: (event) => {
      presses.current.push({ kind: "mouse", type: "click", init: recordOf(event) });
      start(event.currentTarget);
    },
  };
  const triggerRef = useCallback((element: HTMLElement | null) => {
    trigger.current = element;
  }, []);
  return { active, handlers, triggerRef };
}

/**
 * Renders `standIn(handlers)` until the part has loaded after an interaction with it, then `children(triggerRef)`:
 * the part (a lazyPart, rendered at once as its code is there), its trigger given `triggerRef`.
 */
export function LoadOnInteraction({
  part,
  standIn,
  children,
}: {
  part: { preload(): Promise<unknown> };
  standIn: (handlers: StandInHandlers) => ReactNode;
  children: (triggerRef: (element: HTMLElement | null) => void) => ReactNode;
}) {
  const { active, handlers, triggerRef } = useLoadOnInteraction(part);
  if (!active) return standIn(handlers);
  return <Suspense fallback={standIn(handlers)}>{children(triggerRef)}</Suspense>;
}
