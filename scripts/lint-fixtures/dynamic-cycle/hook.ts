// Lint fixture (scripts/lint-config.test.ts): loads save.ts on demand, which imports a type back from here.
export type Saved = { id: string };
export const saveLater = (saved: Saved) => import("./save").then(({ save }) => save(saved));
