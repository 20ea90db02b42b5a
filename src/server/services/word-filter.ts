/**
 * D98 word filter: the admin's two lists ("block" refuses a text, "mask" stars the word) matched on a
 * normalised form of the text. One concern, no HTTP types and no database: services/community-settings.ts
 * loads the lists and caches the compiled filter.
 *
 * Contract:
 * - `compileWordFilter(block, mask)` takes the lists as stored (one word or phrase per line; blank lines and
 *   lines starting with '#' ignored) and returns a filter; `check(text)` answers `{blocked: true, word}` when a
 *   block entry matches, else `{blocked: false, text}` with every mask entry replaced by asterisks IN THE
 *   ORIGINAL TEXT (letters and digits of the match become '*', separators stay: "b.a.d" → "*.*.*").
 * - Normalisation (text and entries alike): invisible format characters dropped ("b\u200bad" is "bad"); lower
 *   case; accents stripped (NFKD, combining marks dropped, so "bäd" and fullwidth letters match); look-alike
 *   letters (Cyrillic and Greek letters that look Latin) and leet symbols (0→o, 1/!/|→i, 3→e, 4/@→a, 5/$→s,
 *   7→t, 8→b, 9→g) read as the Latin letter; "i" and "l" in an entry match either (1 stands for both).
 * - Repeated letters: each letter of an entry matches one or more of itself ("bad" matches "baaad"; "good"
 *   needs two o's, so it does not match "god").
 * - Whole words: an entry matches only between word boundaries of the normalised text ("class" does not
 *   match "ass"). Letters spelled out one by one with separators ("B A D", "b.a.d", "b-a-d") are joined into
 *   one word first; inside such a run an entry may match any part of it ("a b a d" contains "bad").
 * - Phrases: an entry with spaces matches those words in a row.
 * - Cost: linear in the text, whatever the entries: the text is read as runs of one letter and one
 *   Aho-Corasick automaton over all entries moves once per run; `check(text, meter)` counts the steps.
 */

/** Look-alikes and leet symbols, after lower-casing and NFKD: the Latin letter they read as. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  з: "3",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ь: "b",
  һ: "h",
  ү: "y",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ς: "s",
  // leet and symbols
  "0": "o",
  "1": "i",
  "!": "i",
  "|": "i",
  "3": "e",
  "4": "a",
  "@": "a",
  "5": "s",
  $: "s",
  "7": "t",
  "8": "b",
  "9": "g",
  // Latin letters NFKD leaves alone
  ø: "o",
  đ: "d",
  ł: "l",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ı: "i",
};

/** Leet symbols that are not word characters on their own: they count as letters only next to a letter. */
const SYMBOL_LETTERS = new Set(["!", "|", "@", "$"]);

const isWordChar = (c: string) => /^[a-z0-9]$/.test(c);

/**
 * Counts the work one `check` does, so tests can bound it by the text's length: one step per original
 * character normalised, per automaton move and per candidate match examined.
 */
export type WorkMeter = { steps: number };

/** One normalised character and the original code units it came from. */
type NormChar = { c: string; start: number; end: number };

const isMoney = (raw: string) => raw === "$" || raw === "@";

/** Invisible format characters (zero-width space and joiners, soft hyphen, BOM…): read as if absent. */
const INVISIBLE = /^\p{Cf}$/u;

/** The normalised characters of `text`, each with its place in the original text. */
function normaliseChars(text: string, meter?: WorkMeter): NormChar[] {
  const out: NormChar[] = [];
  let offset = 0;
  for (const original of text) {
    const start = offset;
    offset += original.length;
    if (INVISIBLE.test(original)) continue;
    const base = original.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
    for (const ch of base) {
      const mapped = LOOK_ALIKES[ch] ?? ch;
      for (const c of mapped) out.push({ c, start, end: offset });
    }
  }
  if (meter) meter.steps += out.length;
  // Symbols read as letters only inside a word: "$" and "@" next to a letter ("a$$", "b@d", but not "@ home"),
  // "!" and "|" only before one ("sh!t", but not "bad!").
  const raws = out.map((n) => text.slice(n.start, n.end).toLowerCase());
  const realLetter = (i: number) => i >= 0 && i < out.length && isWordChar(out[i].c) && !SYMBOL_LETTERS.has(raws[i]);
  // For a run of "$" and "@", whether a real letter stands right before it and right after it: one pass each
  // way, so a long run costs its length once.
  const letterBeforeRun = new Array<boolean>(out.length);
  for (let i = 0; i < out.length; i++)
    letterBeforeRun[i] = i > 0 && isMoney(raws[i - 1]) ? letterBeforeRun[i - 1] : realLetter(i - 1);
  const letterAfterRun = new Array<boolean>(out.length);
  for (let i = out.length - 1; i >= 0; i--)
    letterAfterRun[i] = i + 1 < out.length && isMoney(raws[i + 1]) ? letterAfterRun[i + 1] : realLetter(i + 1);
  if (meter) meter.steps += 2 * out.length;
  return out.map((n, i) => {
    const raw = raws[i];
    if (!SYMBOL_LETTERS.has(raw)) return n;
    const letter = isMoney(raw) ? letterAfterRun[i] || letterBeforeRun[i] : realLetter(i + 1);
    return letter ? n : { ...n, c: raw };
  });
}

/** The text's form for matching: lower case, accents stripped, look-alikes and leet read as letters. */
export function normaliseText(text: string): string {
  return normaliseChars(text)
    .map((n) => n.c)
    .join("");
}

type Token = { chars: NormChar[]; spaced: boolean };

/**
 * The words of the text: runs of letters and digits. Single letters separated only by short runs of
 * separators on one line ("B A D", "b.a.d") are joined into one word marked `spaced`.
 */
function tokenise(chars: NormChar[]): Token[] {
  const words: Array<{ chars: NormChar[]; gapBefore: NormChar[] }> = [];
  let current: NormChar[] = [];
  let gap: NormChar[] = [];
  for (const n of chars) {
    if (isWordChar(n.c)) {
      current.push(n);
      continue;
    }
    if (current.length > 0) {
      words.push({ chars: current, gapBefore: gap });
      current = [];
      gap = [];
    }
    gap.push(n);
  }
  if (current.length > 0) words.push({ chars: current, gapBefore: gap });

  const tokens: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const joinable = (k: number) => words[k]?.chars.length === 1;
    const shortGap = (k: number) =>
      words[k].gapBefore.length > 0 && words[k].gapBefore.length <= 3 && !words[k].gapBefore.some((g) => g.c === "\n");
    if (joinable(i) && joinable(i + 1) && shortGap(i + 1)) {
      const run = [...words[i].chars];
      let k = i + 1;
      while (joinable(k) && shortGap(k)) run.push(...words[k++].chars);
      tokens.push({ chars: run, spaced: true });
      i = k - 1;
    } else {
      tokens.push({ chars: words[i].chars, spaced: false });
    }
  }
  return tokens;
}

/**
 * The matcher's alphabet: a-z, 0-9 and the space between words, with "l" read as "i" (an entry's i or l
 * matches either, and 1 normalises to i).
 */
const WORD_SPACE = 36;
const ALPHABET = 37;
function symbolOf(c: string): number {
  if (c === " ") return WORD_SPACE;
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return 26 + code - 48;
  return (c === "l" ? "i" : c).charCodeAt(0) - 97;
}

/**
 * A maximal run of one symbol in the normalised stream of words. Each letter of an entry matches one or more
 * of itself, so an entry matches whole runs: the text "baaad" and the entry "bad" are both b·a·d, and only
 * the lengths differ (the text's run must be at least the entry's, so "good" needs two o's).
 */
type Run = { symbol: number; start: number; end: number; spaced: boolean };

/** An entry's runs: its words' letters (i and l as one), words separated by one space. */
type EntryShape = { symbols: number[]; minLengths: number[] };

function entryShape(entry: string): EntryShape | null {
  const words = normaliseText(entry)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  const symbols: number[] = [];
  const minLengths: number[] = [];
  for (const c of words.join(" ")) {
    const symbol = symbolOf(c);
    if (symbols.at(-1) === symbol) minLengths[minLengths.length - 1]++;
    else {
      symbols.push(symbol);
      minLengths.push(1);
    }
  }
  return { symbols, minLengths };
}

/** The lines of a stored list that are entries. */
export function parseWordList(stored: string | null | undefined): string[] {
  return (stored ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

export type FilterResult = { blocked: true; word: string } | { blocked: false; text: string; masked: boolean };

export type WordFilter = {
  /** whether the lists have any entry (a filter without entries answers the text as it is) */
  readonly empty: boolean;
  check(text: string, meter?: WorkMeter): FilterResult;
};

type CompiledEntry = {
  entry: string;
  block: boolean;
  /** the entry's order in its list: a text with several block entries is answered with the first */
  order: number;
  runs: number;
  /** the entry's runs that need more than one letter, with their minimum: the only lengths to check */
  longRuns: Array<[index: number, min: number]>;
};

/**
 * Aho-Corasick automaton over the entries' run symbols: one move per run of the text finds every entry
 * whose symbols end there, whatever the list holds, so a check costs the text's length plus the candidates
 * (at most one per entry per run). Moves are a full table (`next[state * ALPHABET + symbol]`).
 */
type Automaton = { next: Int32Array; outputs: number[][]; outputLink: Int32Array };

function buildAutomaton(entries: Array<{ shape: EntryShape }>): Automaton {
  const children: Array<Map<number, number>> = [new Map()];
  const outputs: number[][] = [[]];
  entries.forEach(({ shape }, index) => {
    let state = 0;
    for (const symbol of shape.symbols) {
      let child = children[state].get(symbol);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state].set(symbol, child);
      }
      state = child;
    }
    outputs[state].push(index);
  });
  const states = children.length;
  const next = new Int32Array(states * ALPHABET);
  const fail = new Int32Array(states);
  const outputLink = new Int32Array(states).fill(-1);
  const queue: number[] = [];
  for (let symbol = 0; symbol < ALPHABET; symbol++) {
    const child = children[0].get(symbol);
    next[symbol] = child ?? 0;
    if (child !== undefined) queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const f = fail[state];
    outputLink[state] = outputs[f].length > 0 ? f : outputLink[f];
    for (let symbol = 0; symbol < ALPHABET; symbol++) {
      const child = children[state].get(symbol);
      if (child === undefined) next[state * ALPHABET + symbol] = next[f * ALPHABET + symbol];
      else {
        fail[child] = next[f * ALPHABET + symbol];
        next[state * ALPHABET + symbol] = child;
        queue.push(child);
      }
    }
  }
  return { next, outputs, outputLink };
}

/** The text's words as runs of symbols, each normalised character with its source. */
function runsOf(text: string, meter?: WorkMeter): { runs: Run[]; sources: Array<NormChar | null>; length: number } {
  const tokens = tokenise(normaliseChars(text, meter));
  const runs: Run[] = [];
  const sources: Array<NormChar | null> = [];
  const push = (symbol: number, spaced: boolean) => {
    const last = runs.at(-1);
    if (last && last.symbol === symbol && symbol !== WORD_SPACE) last.end++;
    else runs.push({ symbol, start: sources.length, end: sources.length + 1, spaced });
  };
  tokens.forEach((t, i) => {
    if (i > 0) {
      push(WORD_SPACE, false);
      sources.push(null);
    }
    for (const n of t.chars) {
      push(symbolOf(n.c), t.spaced);
      sources.push(n);
    }
  });
  if (meter) meter.steps += sources.length;
  return { runs, sources, length: sources.length };
}

/** D98: the filter of the two lists as stored (see the contract above). */
export function compileWordFilter(
  blockList: string | null | undefined,
  maskList: string | null | undefined,
): WordFilter {
  const listed = [
    ...parseWordList(blockList).map((entry, order) => ({ entry, order, block: true })),
    ...parseWordList(maskList).map((entry, order) => ({ entry, order, block: false })),
  ].flatMap((e) => {
    const shape = entryShape(e.entry);
    return shape ? [{ ...e, shape }] : [];
  });
  const entries: CompiledEntry[] = listed.map(({ entry, order, block, shape }) => ({
    entry,
    order,
    block,
    runs: shape.symbols.length,
    longRuns: shape.minLengths.flatMap((min, index): Array<[number, number]> => (min > 1 ? [[index, min]] : [])),
  }));
  const automaton = buildAutomaton(listed);
  const empty = entries.length === 0;
  return {
    empty,
    check(text: string, meter?: WorkMeter): FilterResult {
      if (empty) return { blocked: false, text, masked: false };
      const { runs, sources, length } = runsOf(text, meter);
      // An entry matches as whole words: it starts at the text's start, after a space or inside a spelled-out
      // run, and ends likewise. Matches of one entry do not overlap (the earlier one wins).
      const startsWord = (r: Run) => r.start === 0 || sources[r.start - 1] === null || r.spaced;
      const endsWord = (r: Run) => r.end === length || sources[r.end] === null || r.spaced;
      const lastMatchEnd = new Int32Array(entries.length).fill(-1);
      let firstBlock: CompiledEntry | null = null;
      // +1 where a masked match starts and -1 where it ends, in stream positions
      const maskEdges = new Int32Array(length + 1);
      let maskedAny = false;
      let state = 0;
      for (let r = 0; r < runs.length; r++) {
        state = automaton.next[state * ALPHABET + runs[r].symbol];
        if (meter) meter.steps++;
        for (
          let s = automaton.outputs[state].length > 0 ? state : automaton.outputLink[state];
          s >= 0;
          s = automaton.outputLink[s]
        ) {
          for (const index of automaton.outputs[s]) {
            if (meter) meter.steps += 1 + entries[index].longRuns.length;
            const e = entries[index];
            const first = r - e.runs + 1;
            if (first <= lastMatchEnd[index] || !startsWord(runs[first]) || !endsWord(runs[r])) continue;
            if (e.longRuns.some(([i, min]) => runs[first + i].end - runs[first + i].start < min)) continue;
            lastMatchEnd[index] = r;
            if (e.block) {
              if (!firstBlock || e.order < firstBlock.order) firstBlock = e;
            } else {
              maskEdges[runs[first].start]++;
              maskEdges[runs[r].end]--;
              maskedAny = true;
            }
          }
        }
      }
      if (firstBlock) return { blocked: true, word: firstBlock.entry };
      if (!maskedAny) return { blocked: false, text, masked: false };
      const starred = new Set<number>();
      let depth = 0;
      for (let i = 0; i < length; i++) {
        depth += maskEdges[i];
        const src = sources[i];
        if (depth > 0 && src) starred.add(src.start);
      }
      if (meter) meter.steps += length;
      let out = "";
      let offset = 0;
      for (const ch of text) {
        out += starred.has(offset) ? "*" : ch;
        offset += ch.length;
      }
      return { blocked: false, text: out, masked: true };
    },
  };
}

/**
 * D98: whether a chat text holds a link: a scheme ("https://", "ftp://"), "www.", or a domain-like name
 * (letters, a dot, then a known top-level domain or any two-letter one: "example.com", "bit.ly/x").
 *
 * A scan, not regular expressions: searched from every position, patterns for names of repeated parts backtrack
 * over the same characters again and again ("a.a.a…" took time quadratic in its length). Each "://" looks at the
 * run of scheme characters before it and each dot at the run of name characters around it; neither run holds the
 * "://" or the dot, so the runs never overlap and every character is looked at a bounded number of times
 * (`meter` counts the looks). Letters, digits and word boundaries are ASCII, as they were in the patterns.
 */
const WWW = /\bwww\./i;
const TOP_LEVEL_DOMAINS = new Set(
  "com|net|org|info|io|gg|co|app|dev|xyz|me|tv|ly|to|link|site|online|club|biz|us|uk|de|fr|ru|cn|live|shop|store|fun|top|win|pro|page|blog|edu|gov|ai|so|sh|cc|ws|tk|ml|ga|cf|gq".split(
    "|",
  ),
);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isLetter(c) || (c >= 48 && c <= 57);
const HYPHEN = 45;
/** a regular expression's `\w`: a word boundary lies between one of these and anything else */
const isAsciiWordChar = (c: number) => isAlnum(c) || c === 95;
/** what may follow a scheme's first letter: letters, digits, "+", "." and "-" */
const isSchemeChar = (c: number) => isAlnum(c) || c === 43 || c === 46 || c === HYPHEN;
/** what a name's label is made of */
const isLabelChar = (c: number) => isAlnum(c) || c === HYPHEN;

/**
 * Whether the run of `inRun` characters ending at `end` (inclusive) holds a `starts` character at a word boundary:
 * where a scheme or a name may begin. Looks at most at the run and one character before it.
 */
function beginsInRunBefore(
  t: string,
  end: number,
  inRun: (c: number) => boolean,
  starts: (c: number) => boolean,
  meter?: WorkMeter,
): boolean {
  for (let i = end; i >= 0; i--) {
    if (meter) meter.steps++;
    const c = t.charCodeAt(i);
    if (!inRun(c)) return false;
    if (starts(c) && (i === 0 || !isAsciiWordChar(t.charCodeAt(i - 1)))) return true;
  }
  return false;
}

/** "letter, scheme characters, ://": some "://" has a letter at a word boundary in the run before it. */
function hasScheme(t: string, meter?: WorkMeter): boolean {
  for (let at = t.indexOf("://"); at !== -1; at = t.indexOf("://", at + 3)) {
    if (beginsInRunBefore(t, at - 1, isSchemeChar, isLetter, meter)) return true;
  }
  return false;
}

/**
 * "label.top-level-domain": some dot has, after it, a top-level domain that no letter, digit, "_" or "-" continues,
 * and before it a label (ending in a letter or digit) that begins at a word boundary. A name of several labels
 * ("a.b.com") holds one of one ("b.com").
 */
function hasDomain(t: string, meter?: WorkMeter): boolean {
  for (let dot = t.indexOf("."); dot !== -1; dot = t.indexOf(".", dot + 1)) {
    let end = dot + 1;
    while (end < t.length && (isAsciiWordChar(t.charCodeAt(end)) || t.charCodeAt(end) === HYPHEN)) end++;
    if (meter) meter.steps += end - dot;
    const tld = t.slice(dot + 1, end);
    let letters = true;
    for (let i = 0; i < tld.length && letters; i++) letters = isLetter(tld.charCodeAt(i));
    if (!letters || (tld.length !== 2 && !TOP_LEVEL_DOMAINS.has(tld.toLowerCase()))) continue;
    if (dot > 0 && isAlnum(t.charCodeAt(dot - 1)) && beginsInRunBefore(t, dot - 1, isLabelChar, isAlnum, meter))
      return true;
  }
  return false;
}

export function containsLink(text: string, meter?: WorkMeter): boolean {
  // Fullwidth dots and letters read as the ASCII ones ("example。com" is still a link).
  const t = text.normalize("NFKC").replace(/[。．｡]/g, ".");
  if (meter) meter.steps += t.length;
  return hasScheme(t, meter) || WWW.test(t) || hasDomain(t, meter);
}
