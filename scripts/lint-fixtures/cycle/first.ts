// Lint fixture (scripts/lint-config.test.ts): half of a deliberate two-file import cycle. `npm run lint` ignores this folder.
import { second } from "./second";

export function first(): number {
  return second() + 1;
}
