import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-component";
import { CLOSED_MENU_TRIGGER, LoadOnInteraction } from "./load-on-interaction";

/** D73: a part loaded at the first use of its trigger, the press that loaded it reaching the part. */
describe("LoadOnInteraction", () => {
  function setUp(load: () => Promise<void>) {
    const pressed = vi.fn<(kind: string) => void>();
    let loads = 0;
    const Menu = lazyPart<{ triggerRef: (element: HTMLElement | null) => void }>(
      `test-menu-${Math.random()}`,
      async () => {
        loads += 1;
        await load();
        return ({ triggerRef }) => (
          <button
            type="button"
            ref={triggerRef}
            onPointerDown={(e) => pressed(`pointer ${e.button}`)}
            onKeyDown={(e) => pressed(`key ${e.key}`)}
          >
            Menu (loaded)
          </button>
        );
      },
    );
    render(
      <LoadOnInteraction
        part={Menu}
        standIn={(handlers) => (
          <button type="button" {...CLOSED_MENU_TRIGGER} {...handlers}>
            Menu
          </button>
        )}
      >
        {(triggerRef) => <Menu triggerRef={triggerRef} />}
      </LoadOnInteraction>,
    );
    return { pressed, loads: () => loads };
  }

  it("renders only the stand-in, and loads nothing, until the trigger is used", () => {
    const { loads } = setUp(() => Promise.resolve());
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    expect(loads()).toBe(0);
  });

  it("a pointer press loads the part and reaches its trigger once", async () => {
    const { pressed, loads } = setUp(() => Promise.resolve());
    fireEvent.pointerDown(screen.getByRole("button", { name: "Menu" }), { button: 0, pointerType: "mouse" });
    await screen.findByRole("button", { name: "Menu (loaded)" });
    // the press is replayed in a microtask after the part's commit, which may come after findByRole resolves
    await vi.waitFor(() => expect(pressed.mock.calls).toEqual([["pointer 0"]]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pressed.mock.calls).toEqual([["pointer 0"]]);
    expect(loads()).toBe(1);
  });

  it("a key pressed on the focused stand-in reaches the part's trigger, which gets the focus", async () => {
    const { pressed } = setUp(() => Promise.resolve());
    const standIn = screen.getByRole("button", { name: "Menu" });
    standIn.focus();
    fireEvent.keyDown(standIn, { key: "Enter" });
    const loaded = await screen.findByRole("button", { name: "Menu (loaded)" });
    expect(loaded).toHaveFocus();
    await vi.waitFor(() => expect(pressed.mock.calls).toEqual([["key Enter"]]));
  });

  it("keeps the stand-in when the code cannot be loaded, and tries again at the next use", async () => {
    let fail = true;
    const { loads } = setUp(() => (fail ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve()));
    fireEvent.pointerDown(screen.getByRole("button", { name: "Menu" }), { button: 0 });
    await vi.waitFor(() => expect(loads()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the failed load is settled
    expect(screen.getByRole("button", { name: "Menu" })).toBeInTheDocument();
    fail = false;
    fireEvent.pointerDown(screen.getByRole("button", { name: "Menu" }), { button: 0 });
    expect(await screen.findByRole("button", { name: "Menu (loaded)" })).toBeInTheDocument();
    expect(loads()).toBe(2);
  });
});
