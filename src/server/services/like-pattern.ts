/** Escapes LIKE's wildcards and its escape character, so that the text is matched as typed. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Escapes LIKE wildcards so that a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
