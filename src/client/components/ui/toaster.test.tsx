import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "./toaster";
import { resetToasts, toast } from "./use-toast";

function showFullscreen(element: Element | null) {
  Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => element });
  document.dispatchEvent(new Event("fullscreenchange"));
}

describe("the toaster", () => {
  afterEach(() => {
    showFullscreen(null);
    resetToasts();
  });

  it("shows its toasts inside the fullscreen element while there is one, and on the page after", () => {
    const player = document.createElement("div");
    document.body.append(player);
    render(<Toaster />);
    act(() => showFullscreen(player));
    act(() => {
      toast({ title: "Invited 2 friends" });
    });
    // Radix also repeats a new toast's text to screen readers for a moment (a frame later, so once or twice here)
    expect(within(player).getAllByText("Invited 2 friends").length).toBeGreaterThan(0);

    act(() => showFullscreen(null));
    expect(within(player).queryAllByText("Invited 2 friends")).toEqual([]);
    expect(screen.getAllByText("Invited 2 friends").length).toBeGreaterThan(0);
    player.remove();
  });
});
