import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_WAITING_LIMIT,
  dismissToast,
  resetToasts,
  toast,
  useToast,
} from "./use-toast";

describe("toast store (spec §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it("keeps one toast at a time, the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "first" });
      toast({ title: "second", variant: "destructive" });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: "second", variant: "destructive", open: true });
  });

  it("a dismissed toast closes at once and leaves the store after 1,000,000 ms", () => {
    const { result } = renderHook(() => useToast());
    let id = "";
    act(() => {
      id = toast({ title: "bye" }).id;
    });
    act(() => dismissToast(id));
    expect(result.current.toasts[0].open).toBe(false);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });

  it("a toast that waits its turn shows once the one on screen closes, and replaces nothing", () => {
    const { result } = renderHook(() => useToast());
    let answer = "";
    act(() => {
      answer = toast({ title: "Score saved" }).id;
      toast({ title: "Achievement unlocked: First Steps", waitTurn: true });
    });
    expect(result.current.toasts).toEqual([expect.objectContaining({ title: "Score saved", open: true })]);
    act(() => dismissToast(answer));
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: "Achievement unlocked: First Steps", open: true }),
    ]);
  });

  it("a waiting toast shows at once when nothing is on screen, and a toast of the player's own replaces it", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Achievement unlocked: First Steps", waitTurn: true });
    });
    expect(result.current.toasts[0]).toMatchObject({ title: "Achievement unlocked: First Steps", open: true });
    act(() => {
      toast({ title: "Review submitted!" });
    });
    expect(result.current.toasts).toEqual([expect.objectContaining({ title: "Review submitted!", open: true })]);
  });

  it("keeps the newest few waiting toasts, and dismissing all forgets them", () => {
    const { result } = renderHook(() => useToast());
    let shown = "";
    act(() => {
      shown = toast({ title: "on screen" }).id;
      for (let i = 1; i <= TOAST_WAITING_LIMIT + 2; i++) toast({ title: `notification ${i}`, waitTurn: true });
    });
    const seen: string[] = [];
    let current = shown;
    for (let i = 0; i < TOAST_WAITING_LIMIT; i++) {
      act(() => dismissToast(current));
      current = result.current.toasts[0].id;
      seen.push(result.current.toasts[0].title ?? "");
    }
    expect(seen).toEqual(["notification 3", "notification 4", "notification 5"]);
    act(() => dismissToast(current));
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);

    act(() => {
      toast({ title: "again" });
      toast({ title: "waiting", waitTurn: true });
      dismissToast();
    });
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);
  });
});
