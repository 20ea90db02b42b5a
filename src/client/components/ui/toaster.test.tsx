import { act, render, screen } from "@testing-library/react";
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
    expect(player.contains(screen.getByText("Invited 2 friends"))).toBe(true);

    act(() => showFullscreen(null));
    expect(player.contains(screen.getByText("Invited 2 friends"))).toBe(false);
    player.remove();
  });
});
