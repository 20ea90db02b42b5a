import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver } from "@test/intersection-observer";
import { NEAR_MARGIN, useLoadWhenNear } from "./load-when-near";

function Placeholder({ part }: { part: { preload(): Promise<unknown> } }) {
  const ref = useRef<HTMLDivElement>(null);
  const { ready, hadFocus, handlers } = useLoadWhenNear(ref, part);
  if (ready) return <p>Loaded{hadFocus ? " (had focus)" : ""}</p>;
  return (
    <div ref={ref} tabIndex={0} aria-label="Placeholder" {...handlers}>
      Loading
    </div>
  );
}

/** D73: the code of a part far down the page loads when it comes near the viewport or is reached for. */
describe("useLoadWhenNear", () => {
  afterEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.unstubAllGlobals();
  });

  it("loads nothing while the part is far from the viewport, and loads it once it comes within a viewport's height", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const preload = vi.fn(() => Promise.resolve());
    render(<Placeholder part={{ preload }} />);
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer.options.rootMargin).toBe(NEAR_MARGIN);
    expect(observer.observed).toEqual([screen.getByLabelText("Placeholder")]);
    expect(preload).not.toHaveBeenCalled();

    observer.comeNear();
    expect(await screen.findByText("Loaded")).toBeInTheDocument();
    expect(preload).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it.each([
    ["a pointer over it", (el: HTMLElement) => fireEvent.pointerEnter(el)],
    ["a touch", (el: HTMLElement) => fireEvent.touchStart(el)],
  ])("loads the part when reached for before it comes near: %s", async (_, reach) => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const preload = vi.fn(() => Promise.resolve());
    render(<Placeholder part={{ preload }} />);
    reach(screen.getByLabelText("Placeholder"));
    expect(await screen.findByText("Loaded")).toBeInTheDocument();
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it("says that focus was in the placeholder when it was reached by keyboard", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    render(<Placeholder part={{ preload: () => Promise.resolve() }} />);
    act(() => screen.getByLabelText("Placeholder").focus());
    expect(await screen.findByText("Loaded (had focus)")).toBeInTheDocument();
  });

  it("keeps the placeholder when the code cannot be loaded, and tries again at the next reach", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const preload = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    render(<Placeholder part={{ preload }} />);
    FakeIntersectionObserver.instances[0].comeNear();
    await act(() => Promise.resolve());
    expect(screen.getByText("Loading")).toBeInTheDocument();

    fireEvent.pointerEnter(screen.getByLabelText("Placeholder"));
    expect(await screen.findByText("Loaded")).toBeInTheDocument();
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it("loads at once where there is no IntersectionObserver", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const preload = vi.fn(() => Promise.resolve());
    render(<Placeholder part={{ preload }} />);
    expect(await screen.findByText("Loaded")).toBeInTheDocument();
  });
});
