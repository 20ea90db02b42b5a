import { useSyncExternalStore } from "react";

/**
 * A small toast store usable anywhere (components, mutations, plain functions), rendered by
 * <Toaster/>. Spec §9: one toast visible at a time; a dismissed toast is removed from the store
 * after 1,000,000 ms (its close animation has long finished; the store entry is what lingers).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
/** The key that moves focus to the toasts (Radix Toast's viewport hotkey, a KeyboardEvent code). */
export const TOAST_HOTKEY = "F8";
export const TOAST_VIEWPORT_CLASSES =
  "fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4 sm:p-0";

export type ToastVariant = "default" | "destructive";
/**
 * A toast's one action (D86: "Undo", "Sign in"): a button that runs `onClick`, or a link to `href`. `altText` says
 * how to do the same without the toast (Radix announces it to screen readers).
 */
export type ToastAction = { label: string; altText: string } & (
  { onClick: () => void; href?: never } | { href: string; onClick?: never }
);
export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** override the default 5000 ms lifetime */
  duration?: number;
  /**
   * Waits while another toast is on screen instead of replacing it: for what nobody asked for just now (a live
   * notification), so that it cannot hide the answer to the player's own action arriving in the same instant.
   */
  waitTurn?: boolean;
};
export type ToastItem = ToastInput & { id: string; open: boolean };

type State = { toasts: ToastItem[] };

let state: State = { toasts: [] };
/** Toasts waiting their turn (`waitTurn`), oldest first; the bell keeps the notifications they stand for. */
let waiting: ToastItem[] = [];
export const TOAST_WAITING_LIMIT = 3;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State) {
  state = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

function show(item: ToastItem) {
  setState({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) });
}

/** Closes one toast, or every toast without an id (waiting ones too); the next waiting toast then shows. */
export function dismissToast(id?: string): void {
  waiting = id === undefined ? [] : waiting.filter((t) => t.id !== id);
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
  const next = waiting[0];
  if (next && !state.toasts.some((t) => t.open)) {
    waiting = waiting.slice(1);
    show(next);
  }
}

/** Shows a toast (or queues it, see `waitTurn`); returns its id and a dismiss function. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...input, id, open: true };
  if (input.waitTurn && state.toasts.some((t) => t.open)) waiting = [...waiting, item].slice(-TOAST_WAITING_LIMIT);
  else show(item);
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const getSnapshot = () => state;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const t of removeTimers.values()) clearTimeout(t);
  removeTimers.clear();
  waiting = [];
  setState({ toasts: [] });
}
