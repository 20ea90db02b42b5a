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
 * - Normalisation (text and entries alike): lower case; accents stripped (NFKD, combining marks dropped,
 *   so "bäd" and fullwidth letters match); look-alike letters (Cyrillic and Greek letters that look Latin)
 *   and leet symbols (0→o, 1/!/|→i, 3→e, 4/@→a, 5/$→s, 7→t, 8→b, 9→g) read as the Latin letter; "i" and "l"
 *   in an entry match either (1 stands for both).
 * - Repeated letters: each letter of an entry matches one or more of itself ("bad" matches "baaad"; "good"
 *   needs two o's, so it does not match "god").
 * - Whole words: an entry matches only between word boundaries of the normalised text ("class" does not
 *   match "ass"). Letters spelled out one by one with separators ("B A D", "b.a.d", "b-a-d") are joined into
 *   one word first; inside such a run an entry may match any part of it ("a b a d" contains "bad").
 * - Phrases: an entry with spaces matches those words in a row.
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

/** One normalised character and the original code units it came from. */
type NormChar = { c: string; start: number; end: number };

/** The normalised characters of `text`, each with its place in the original text. */
function normaliseChars(text: string): NormChar[] {
  const out: NormChar[] = [];
  let offset = 0;
  for (const original of text) {
    const start = offset;
    offset += original.length;
    const base = original.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
    for (const ch of base) {
      const mapped = LOOK_ALIKES[ch] ?? ch;
      for (const c of mapped) out.push({ c, start, end: offset });
    }
  }
  // Symbols read as letters only inside a word: "$" and "@" next to a letter ("a$$", "b@d", but not "@ home"),
  // "!" and "|" only before one ("sh!t", but not "bad!").
  const rawOf = (n: NormChar) => text.slice(n.start, n.end).toLowerCase();
  const realLetter = (n: NormChar | undefined) => n !== undefined && isWordChar(n.c) && !SYMBOL_LETTERS.has(rawOf(n));
  return out.map((n, i) => {
    const raw = rawOf(n);
    if (!SYMBOL_LETTERS.has(raw)) return n;
    const money = raw === "$" || raw === "@";
    let after = i + 1;
    while (money && out[after] && (rawOf(out[after]) === "$" || rawOf(out[after]) === "@")) after++;
    let before = i - 1;
    while (money && out[before] && (rawOf(out[before]) === "$" || rawOf(out[before]) === "@")) before--;
    const letter = money ? realLetter(out[after]) || realLetter(out[before]) : realLetter(out[i + 1]);
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
    const shortGap = (k: number) => words[k].gapBefore.length > 0 && words[k].gapBefore.length <= 3 && !words[k].gapBefore.some((g) => g.c === "\n");
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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An entry's pattern: its words' letters each one or more times, words separated by one space. */
function entryPattern(entry: string): string | null {
  const words = normaliseText(entry)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  return words
    .map((w) => {
      // Runs of one letter in the entry ("oo") keep their length as a minimum.
      const parts: string[] = [];
      for (const m of w.matchAll(/(.)\1*/g)) {
        const letter = m[1];
        const cls = letter === "i" || letter === "l" ? "[il]" : escape(letter);
        parts.push(m[0].length === 1 ? `${cls}+` : `${cls}{${m[0].length},}`);
      }
      return parts.join("");
    })
    .join(" ");
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
  check(text: string): FilterResult;
};

type CompiledEntry = { entry: string; re: RegExp };

function compileList(lines: string[]): CompiledEntry[] {
  const out: CompiledEntry[] = [];
  for (const entry of lines) {
    const pattern = entryPattern(entry);
    if (pattern) out.push({ entry, re: new RegExp(pattern, "g") });
  }
  return out;
}

/** The normalised stream of words (one space between), with each character's source. */
function streamOf(text: string): { stream: string; sources: Array<NormChar | null>; spacedAt: boolean[] } {
  const tokens = tokenise(normaliseChars(text));
  let stream = "";
  const sources: Array<NormChar | null> = [];
  const spacedAt: boolean[] = [];
  tokens.forEach((t, i) => {
    if (i > 0) {
      stream += " ";
      sources.push(null);
      spacedAt.push(false);
    }
    for (const n of t.chars) {
      stream += n.c;
      sources.push(n);
      spacedAt.push(t.spaced);
    }
  });
  return { stream, sources, spacedAt };
}

/** The [start, end) ranges of the stream where `entry` matches as whole words (or inside a spelled-out run). */
function matches(stream: string, spacedAt: boolean[], re: RegExp): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(stream)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    const boundaryBefore = start === 0 || stream[start - 1] === " " || spacedAt[start];
    const boundaryAfter = end === stream.length || stream[end] === " " || spacedAt[end - 1];
    if (boundaryBefore && boundaryAfter) {
      found.push([start, end]);
      re.lastIndex = end;
    } else {
      re.lastIndex = start + 1;
    }
  }
  return found;
}

/** D98: the filter of the two lists as stored (see the contract above). */
export function compileWordFilter(blockList: string | null | undefined, maskList: string | null | undefined): WordFilter {
  const block = compileList(parseWordList(blockList));
  const mask = compileList(parseWordList(maskList));
  return {
    empty: block.length === 0 && mask.length === 0,
    check(text: string): FilterResult {
      if (block.length === 0 && mask.length === 0) return { blocked: false, text, masked: false };
      const { stream, sources, spacedAt } = streamOf(text);
      for (const b of block) if (matches(stream, spacedAt, b.re).length > 0) return { blocked: true, word: b.entry };
      const starred = new Set<number>();
      for (const k of mask) {
        for (const [s, e] of matches(stream, spacedAt, k.re)) {
          for (let i = s; i < e; i++) {
            const src = sources[i];
            if (src) starred.add(src.start);
          }
        }
      }
      if (starred.size === 0) return { blocked: false, text, masked: false };
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
 */
const SCHEME = /\b[a-z][a-z0-9+.-]*:\/\//i;
const WWW = /\bwww\./i;
const TLDS =
  "com|net|org|info|io|gg|co|app|dev|xyz|me|tv|ly|to|link|site|online|club|biz|us|uk|de|fr|ru|cn|live|shop|store|fun|top|win|pro|page|blog|edu|gov|ai|so|sh|cc|ws|tk|ml|ga|cf|gq";
const DOMAIN = new RegExp(`\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.(?:${TLDS}|[a-z]{2})(?![a-z0-9-])(?:[/:?#]|\\b|$)`, "i");

export function containsLink(text: string): boolean {
  // Fullwidth dots and letters read as the ASCII ones ("example。com" is still a link).
  const t = text.normalize("NFKC").replace(/[。．｡]/g, ".");
  return SCHEME.test(t) || WWW.test(t) || DOMAIN.test(t);
}
