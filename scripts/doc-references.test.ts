import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every reference in the code to a product decision ("D60", "D30–D32", "D10, D13"), a section of
 * the product spec ("spec §2", "§4, §5, §8") or an issue ("issue 8") has an entry in docs/product/,
 * every ADR cited ("ADR 005", "docs/decisions/004") exists, and every ADR in docs/decisions/ has a
 * date, a status and a line in the index.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const scanned = ["src", "e2e", "games", "sdk", "scripts", "bench", "README.md"];
// This file names made-up references on purpose (to prove the check fails), so it is not scanned.
const self = "scripts/doc-references.test.ts";
const skippedDirs = new Set(["node_modules", "dist", "test-results", "playwright-report", "data"]);
const textFile = /\.(ts|tsx|js|mjs|cjs|md|html|css|json|sql|txt|ya?ml)$/;

type Kind = "decision" | "spec" | "issue" | "adr";
type Reference = { kind: Kind; id: string; line: number };

/** from..to, or just `from` when the pair is not a plausible range. */
function range(from: number, to: number): number[] {
  if (to <= from || to - from > 200) return [from];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The references on each line of a text. A range of decisions ("D30–D32") yields each id in it, marked `inRange`. */
function extractReferences(text: string): (Reference & { inRange?: boolean })[] {
  const out: (Reference & { inRange?: boolean })[] = [];
  text.split("\n").forEach((content, index) => {
    const line = index + 1;
    // "D30–D32" or "D30-32" is a range; in "D36 - 5 messages" the number after the dash is not an id.
    for (const m of content.matchAll(/\bD(\d{1,3})\b(?:\s*[–-]\s*D(\d{1,3})\b|[–-](\d{1,3})\b)?/g)) {
      const from = Number(m[1]);
      const to = Number(m[2] ?? m[3] ?? from);
      for (const n of range(from, to))
        out.push({ kind: "decision", id: `D${n}`, line, inRange: n !== from && n !== to });
    }
    // "§N" and "§N.M" (the spec is the only sectioned document the code cites), also in lists
    // ("§4, §5, §8", "§7/§8") and ranges ("§2–§4").
    for (const m of content.matchAll(/§\s?(\d{1,2}(?:\.\d{1,2})?)(?:\s*[–-]\s*§?\s?(\d{1,2})\b)?/g)) {
      if (m[2] === undefined) out.push({ kind: "spec", id: `§${m[1]}`, line });
      else
        for (const n of range(Number.parseInt(m[1], 10), Number(m[2]))) out.push({ kind: "spec", id: `§${n}`, line });
    }
    // "issue 8", "Issue 3", "issue #4", and plural lists or ranges: "issues 2–7", "issues 4 and 5".
    for (const m of content.matchAll(
      /\b[Ii]ssue\s+#?(\d{1,4})\b|\b[Ii]ssues\s+#?(\d{1,4}(?:\s*(?:[–-]|,|and|&)\s*#?\d{1,4})*)/g,
    )) {
      if (m[1] !== undefined) {
        out.push({ kind: "issue", id: m[1], line });
        continue;
      }
      for (const part of m[2].split(/\s*(?:,|and|&)\s*/)) {
        const [a, b] = part
          .replace(/#/g, "")
          .split(/\s*[–-]\s*/)
          .map(Number);
        for (const n of b === undefined ? [a] : range(a, b)) out.push({ kind: "issue", id: String(n), line });
      }
    }
    for (const m of content.matchAll(/\bADR[ -]?(\d{3})\b|\bdocs\/decisions\/(\d{3})\b/g))
      out.push({ kind: "adr", id: m[1] ?? m[2], line });
  });
  return out;
}

/**
 * What docs/ defines: `## D60 …`, `## §2 …` / `### §2.1 …`, `## Issue 8 …` in docs/product/, the
 * decision numbers never assigned, and the numbers of the ADR files.
 */
function definedEntries(decisions: string, spec: string, issues: string, adrFiles: string[] = []) {
  const ids = (text: string, re: RegExp) => new Set([...text.matchAll(re)].map((m) => m[1]));
  const unassigned = new Set<string>();
  for (const line of decisions.split("\n").filter((l) => /^Numbers never assigned:/.test(l))) {
    for (const r of extractReferences(line)) unassigned.add(r.id);
  }
  return {
    decision: ids(decisions, /^## (D\d+)\b/gm),
    spec: ids(spec, /^#{2,3} (§\d+(?:\.\d+)?)(?=[\s:]|$)/gm),
    issue: ids(issues, /^## Issue (\d+)\b/gm),
    adr: new Set(adrFiles.map((name) => name.slice(0, 3))),
    unassigned,
  };
}

/** `file:line: what` for each reference without an entry. A number inside a range may also be one never assigned. */
function unresolved(file: string, text: string, defined: ReturnType<typeof definedEntries>): string[] {
  const where = {
    decision: "docs/product/decisions.md",
    spec: "docs/product/spec.md",
    issue: "docs/product/issues.md",
    adr: "docs/decisions/",
  };
  const name = { decision: "", spec: "", issue: "issue ", adr: "ADR " };
  return extractReferences(text)
    .filter((r) => !defined[r.kind].has(r.id) && !(r.inRange && defined.unassigned.has(r.id)))
    .map((r) => `${file}:${r.line}: ${name[r.kind]}${r.id} has no entry in ${where[r.kind]}`);
}

/** An ADR's date and status, from the lines under its title (`Date: 2026-11-22`, `Status: Accepted`). */
function adrHeader(text: string): { date?: string; status?: string } {
  const head = text.split("\n").slice(0, 12).join("\n");
  const date = /^[-*\s]*\**Date:?\**:?\s*(\d{4}-\d{2}-\d{2})\s*$/im.exec(head)?.[1];
  const status = /^[-*\s]*\**Status:?\**:?\s*((?:Accepted|Proposed|Deprecated|Superseded by \d{3}\b).*)$/im.exec(
    head,
  )?.[1];
  return { date, status };
}

function walk(path: string, files: string[]): void {
  for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
    const rel = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name) && !entry.name.startsWith(".")) walk(rel, files);
    } else if (textFile.test(entry.name)) files.push(rel);
  }
}

const read = (path: string) => readFileSync(join(root, path), "utf8");

let sourcesRead: { file: string; text: string }[] | undefined;
/** The scanned files and their text, read once. */
function sources(): { file: string; text: string }[] {
  if (!sourcesRead) {
    const files: string[] = [];
    for (const path of scanned) {
      if (textFile.test(path)) files.push(path);
      else walk(path, files);
    }
    sourcesRead = files.filter((file) => file !== self).map((file) => ({ file, text: read(file) }));
  }
  return sourcesRead;
}
const adrDir = "docs/decisions";
const adrFiles = () => readdirSync(join(root, adrDir)).filter((name) => /^\d{3}-.*\.md$/.test(name));
const productDocs = () =>
  definedEntries(
    read("docs/product/decisions.md"),
    read("docs/product/spec.md"),
    read("docs/product/issues.md"),
    adrFiles(),
  );

describe("reference extraction", () => {
  const ids = (text: string, kind: Kind) =>
    extractReferences(text)
      .filter((r) => r.kind === kind)
      .map((r) => r.id);

  it("finds single decisions, lists and ranges with either dash", () => {
    expect(ids("one rule (D60); two (D10, D13)", "decision")).toEqual(["D60", "D10", "D13"]);
    expect(ids("reviews (D30–D32) and D35-D37", "decision")).toEqual(["D30", "D31", "D32", "D35", "D36", "D37"]);
    expect(ids("no ids in D5hbG, KeyD or 3D1", "decision")).toEqual([]);
    expect(ids("D36 - 5 messages; D30-32", "decision")).toEqual(["D36", "D30", "D31", "D32"]);
  });

  it("finds spec sections after 'spec', in lists and bare", () => {
    expect(ids("spec §2 Home, §4, §9; Spec §7/§8", "spec")).toEqual(["§2", "§4", "§9", "§7", "§8"]);
    expect(ids("the spec's order (§5) and §2.1", "spec")).toEqual(["§5", "§2.1"]);
  });

  it("finds issues, singular and plural, not the item numbers", () => {
    expect(ids("issue 3 item 1, Issue 8 item 4", "issue")).toEqual(["3", "8"]);
    expect(ids("issues 2–4 and issues 6 and 7", "issue")).toEqual(["2", "3", "4", "6", "7"]);
  });

  it("finds ADRs by number or path", () => {
    expect(ids("as ADR 005 says (docs/decisions/004), not ADR-1", "adr")).toEqual(["005", "004"]);
  });

  it("names the file and line of a reference without an entry", () => {
    const defined = definedEntries(
      "## D1: Name\n## D3: Data\nNumbers never assigned: D2\n",
      "## §2 Screens\n",
      "## Issue 8: Hardening\n",
      ["004-x.md"],
    );
    const fake =
      "D1 and D1–D3 are fine, so is ADR 004\n\nbut D999 is not, nor spec §10, nor issue 99; D2 alone is not either, nor ADR 009";
    expect(unresolved("src/x.ts", fake, defined)).toEqual([
      "src/x.ts:3: D999 has no entry in docs/product/decisions.md",
      "src/x.ts:3: D2 has no entry in docs/product/decisions.md",
      "src/x.ts:3: §10 has no entry in docs/product/spec.md",
      "src/x.ts:3: issue 99 has no entry in docs/product/issues.md",
      "src/x.ts:3: ADR 009 has no entry in docs/decisions/",
    ]);
  });

  it("reads an ADR's date and status, and notices when one is missing", () => {
    expect(adrHeader("# 009 X\n\n- Date: 2026-11-25\n- Status: Superseded by 010\n")).toEqual({
      date: "2026-11-25",
      status: "Superseded by 010",
    });
    expect(adrHeader("# 009 X\n\nStatus: Accepted\n\n## Context\n")).toEqual({ date: undefined, status: "Accepted" });
    expect(adrHeader("# 009 X\n\nDate: 2026-11-25\nStatus: maybe\n")).toEqual({
      date: "2026-11-25",
      status: undefined,
    });
  });
});

describe("references in the code resolve in docs/product/", () => {
  it("every decision, spec section, issue and ADR cited has an entry", () => {
    const defined = productDocs();
    expect(sources().length).toBeGreaterThan(100);
    const problems = sources().flatMap(({ file, text }) => unresolved(file, text, defined));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the scan sees the references the code is known to make", () => {
    const all = sources().flatMap(({ text }) => extractReferences(text));
    expect(all.filter((r) => r.kind === "decision").length).toBeGreaterThan(400);
    expect(all.some((r) => r.kind === "spec")).toBe(true);
    expect(all.some((r) => r.kind === "issue")).toBe(true);
  });

  it("docs/product/decisions.md has one entry per decision, in order", () => {
    const headings = [...read("docs/product/decisions.md").matchAll(/^## D(\d+)\b/gm)].map((m) => Number(m[1]));
    expect(headings).toEqual([...new Set(headings)].sort((a, b) => a - b));
  });
});

describe("ADRs in docs/decisions/", () => {
  const dir = adrDir;
  const adrs = adrFiles();
  const index = () => read(`${dir}/README.md`);

  it.each(adrs)("%s has a date and a status at the top", (name) => {
    const { date, status } = adrHeader(read(`${dir}/${name}`));
    expect(date ?? "none", `${dir}/${name}: add a line "Date: YYYY-MM-DD" under the title`).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(
      status,
      `${dir}/${name}: add a line "Status: Accepted" (or Proposed, Deprecated, Superseded by NNN) under the title`,
    ).toBeDefined();
  });

  it.each(adrs)("%s is listed in docs/decisions/README.md", (name) => {
    expect(index(), `${dir}/README.md does not link ${name}`).toContain(`(${name})`);
  });

  it("the index is not empty and its rows name the ADRs' numbers", () => {
    expect(adrs.length).toBeGreaterThanOrEqual(6);
    for (const name of adrs) expect(index()).toMatch(new RegExp(`\\| ${name.slice(0, 3)} \\|`));
  });
});
