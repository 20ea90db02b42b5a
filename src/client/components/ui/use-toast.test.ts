import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, dismissToast, resetToasts, toast, useToast } from "./use-toast";

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
});
