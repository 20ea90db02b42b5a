// Lint fixture (scripts/lint-config.test.ts): a cycle made only of a type import one way. `npm run lint` ignores this folder.
import type { Format } from "./format";

export type Report = { score: number; format: Format };
