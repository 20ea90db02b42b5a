// Lint fixture (scripts/lint-config.test.ts): the other half of the cycle with first.ts.
import { first } from "./first";

export function second(): number {
  return 0;
}

export const viaFirst = () => first();
