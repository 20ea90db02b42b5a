import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyPart, lazyScreen } from "./lazy-component";

/** D73: code loaded on demand must not take the page down when it cannot be fetched. */
describe("lazy screens and parts", () => {
  it("a part whose chunk cannot be fetched is left out and the rest of the page stays; a later mount tries again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let attempts = 0;
    const Part = lazyPart("test-failing-part", () => {
      attempts += 1;
      return Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    });
    render(
      <main>
        <p>The page</p>
        <Suspense fallback={<span>loading</span>}>
          <Part />
        </Suspense>
      </main>,
    );
    expect(await screen.findByText("The page")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText("loading")).not.toBeInTheDocument());
    expect(attempts).toBe(1);
    await expect(Part.preload()).rejects.toThrow("Failed to fetch");
    expect(attempts).toBe(2);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("a screen whose chunk cannot be fetched says so and offers a reload instead of a blank page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const Screen = lazyScreen("test-failing-screen", () => Promise.reject(new TypeError("Failed to fetch")));
    render(
      <Suspense fallback={null}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("This page could not be loaded.");
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    warn.mockRestore();
  });

  it("a loaded screen renders in the same pass, without suspending", async () => {
    const Screen = lazyScreen("test-loaded-screen", async () => () => <h1>Loaded</h1>);
    await Screen.preload();
    render(
      <Suspense fallback={<span>loading</span>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole("heading", { name: "Loaded" })).toBeInTheDocument();
  });
});
