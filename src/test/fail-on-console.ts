import { afterEach, beforeEach, vi } from "vitest";

/** Habit 8: an unexpected console.error fails the test. Tests that expect one mock it themselves. */
export function failOnConsoleError() {
  let errors: unknown[][] = [];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
  });
  afterEach(() => {
    vi.mocked(console.error).mockRestore();
    if (errors.length > 0) {
      const first = errors[0].map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
      throw new Error(`Unexpected console.error (${errors.length}x): ${first}`);
    }
  });
}
