// Lint fixture (scripts/lint-config.test.ts): the other half of the dynamic-import cycle with hook.ts.
import type { Saved } from "./hook";

export const save = (saved: Saved): string => saved.id;
