import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY } from "@/lib/theme";
import { ThemeProvider, useTheme } from "./theme-provider";

type Listener = (e: MediaQueryListEvent) => void;

/** A controllable prefers-color-scheme media query. */
function mockSystemDark(initial: boolean) {
  let matches = initial;
  const listeners = new Set<Listener>();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, l: Listener) => listeners.add(l),
      removeEventListener: (_: string, l: Listener) => listeners.delete(l),
    })),
  );
  return (next: boolean) => {
    matches = next;
    act(() => listeners.forEach((l) => l({ matches: next } as MediaQueryListEvent)));
  };
}

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <span data-testid="theme">{theme}</span>
      <span data-testid="resolved">{resolvedTheme}</span>
      <button onClick={() => setTheme("dark")}>dark</button>
      <button onClick={() => setTheme("light")}>light</button>
      <button onClick={() => setTheme("system")}>system</button>
    </div>
  );
}

const html = () => document.documentElement;

describe("ThemeProvider (spec §2 Theme)", () => {
  beforeEach(() => {
    localStorage.clear();
    html().classList.remove("dark");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    html().classList.remove("dark");
  });

  it("starts light, even when the device prefers dark", () => {
    mockSystemDark(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("light");
    expect(html()).not.toHaveClass("dark");
  });

  it("persists the choice under arcadium-theme and applies the dark class", () => {
    mockSystemDark(false);
    const first = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    act(() => screen.getByText("dark").click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(html()).toHaveClass("dark");
    first.unmount();

    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("dark");
    expect(html()).toHaveClass("dark");
    act(() => screen.getByText("light").click());
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(html()).not.toHaveClass("dark");
  });

  it("system follows the device preference, live", () => {
    const setSystemDark = mockSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, "system");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("resolved")).toHaveTextContent("dark");
    expect(html()).toHaveClass("dark");
    setSystemDark(false);
    expect(screen.getByTestId("resolved")).toHaveTextContent("light");
    expect(html()).not.toHaveClass("dark");
  });

  it("ignores a garbage stored value", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("light");
  });
});
