/**
 * How deep a JSON body may nest. No payload of the API nests more than a few levels; a body nested
 * thousands of levels deep costs JSON.parse (and the schema after it) far more than its size suggests.
 */
export const MAX_JSON_NESTING = 32;

export const JSON_NESTING_MESSAGE = `The JSON body is nested too deeply (at most ${MAX_JSON_NESTING} levels)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the raw text opens more than `max` arrays/objects inside one another, found in one pass over the text before
 * it is parsed (brackets inside strings do not count). Malformed text is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}
