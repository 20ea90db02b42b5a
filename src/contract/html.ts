/**
 * JSON inside a <script> element (JSON-LD in the head; the server-rendered page's state, D70): nothing in
 * it may close the element, open a comment or break a line for older parsers. Shared by the server and the
 * client's server renderer.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The element that carries a server-rendered page's data to the browser (D70). */
export const SSR_STATE_ELEMENT_ID = "arcadium-state";
