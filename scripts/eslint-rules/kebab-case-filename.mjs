// `arcadium/kebab-case-filename`: every source file is named in kebab-case (`game-player.tsx`, `use-toast.test.ts`),
// so that a file is found by the words of its name and no two files differ only by case (which some file systems
// cannot hold apart). Dots separate the name from its kind (`.test`, `.spec`, `.config`, `.d`).
import path from "node:path";

const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
const KEBAB_CASE = new RegExp(`^${WORD}(?:\\.${WORD})*$`);

/** A file name without its final extension, in kebab-case: its words in lower case, joined by hyphens. */
export const isKebabCaseFilename = (filename) => KEBAB_CASE.test(path.basename(filename).replace(/\.[^.]+$/, ""));

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "suggestion",
    docs: { description: "Source file names are kebab-case" },
    schema: [],
    messages: {
      notKebabCase: "File name '{{name}}' is not kebab-case: use lower-case words joined by hyphens (game-player.tsx).",
    },
  },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        if (!isKebabCaseFilename(name)) context.report({ node, messageId: "notKebabCase", data: { name } });
      },
    };
  },
};
