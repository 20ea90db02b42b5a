import { act, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UserAvatar } from "./avatar";

/** A stand-in for the detached image the avatar asks: the test says when it has loaded or failed. */
class FakeImage {
  static last: FakeImage | null = null;
  complete = false;
  naturalWidth = 0;
  src = "";
  private readonly listeners = new Map<string, (event: { currentTarget: FakeImage }) => void>();
  constructor() {
    FakeImage.last = this;
  }
  addEventListener(type: string, listener: (event: { currentTarget: FakeImage }) => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  finish(ok: boolean) {
    this.complete = true;
    this.naturalWidth = ok ? 64 : 0;
    act(() => this.listeners.get(ok ? "load" : "error")?.({ currentTarget: this }));
  }
}

const initialsOf = (container: HTMLElement) => container.querySelector("span > span")?.textContent ?? null;

/** Spec: the avatar shows the picture once it has loaded, otherwise the username's first two letters. */
describe("UserAvatar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("Image", FakeImage);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the initials at once without a picture ('GU' for a guest)", () => {
    expect(initialsOf(render(<UserAvatar username="pixel" />).container)).toBe("PI");
    expect(initialsOf(render(<UserAvatar username={null} />).container)).toBe("GU");
  });

  it("renders an empty circle on the server when there is a picture (neither picture nor initials yet)", () => {
    const html = renderToString(<UserAvatar username="pixel" src="/a.png" className="size-8" />);
    expect(html).toBe(
      '<span class="relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted select-none size-8"></span>',
    );
  });

  it("shows the picture once it has loaded, and never the initials before it within 300 ms", () => {
    const { container } = render(<UserAvatar username="pixel" src="/a.png" />);
    expect(FakeImage.last?.src).toBe("/a.png");
    expect(container.querySelector("img")).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(initialsOf(container)).toBeNull();
    FakeImage.last!.finish(true);
    expect(container.querySelector("img")).toHaveAttribute("src", "/a.png");
    act(() => vi.advanceTimersByTime(500));
    expect(initialsOf(container)).toBeNull();
  });

  it("shows the initials after 300 ms while the picture is slow, and keeps them when it fails", () => {
    const { container } = render(<UserAvatar username="pixel" src="/a.png" />);
    act(() => vi.advanceTimersByTime(300));
    expect(initialsOf(container)).toBe("PI");
    FakeImage.last!.finish(false);
    expect(container.querySelector("img")).toBeNull();
    expect(initialsOf(container)).toBe("PI");
  });
});
