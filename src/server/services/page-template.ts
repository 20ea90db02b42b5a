/**
 * The page template as the server sends it (issue 13, D73): the built client's index.html, prepared once at
 * start-up for a fast first paint on a slow phone.
 *
 * Inlined head scripts. The page template loads /theme-init.js in its head, before the first
 * paint, so that a dark theme never flashes light. As an external script it is a render-blocking request of
 * its own (Lighthouse counted ~300 ms of a simulated phone's first paint). At start-up its text is put inline
 * in the template, and the Content-Security-Policy allows exactly that text by its SHA-256 hash: still no
 * other inline script can run (no 'unsafe-inline', no nonces, so the page stays cacheable).
 *
 * Only same-origin scripts from the built client's folder are inlined, and only the names in INLINED; a
 * missing file leaves the template's tag as it is (the script is then loaded as before).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Script downloads after the page's own bytes. Every public page comes rendered (D70), so its first paint needs
 * the HTML, the stylesheet and the first covers, not the JavaScript, which only hydrates what is already shown.
 * Chrome fetches module scripts and modulepreloads at high priority, ahead of those covers; `fetchpriority="low"`
 * on them lets the content go first on a slow link (Lighthouse's largest paint). The scripts still start at once.
 */
export const SCRIPT_HINT_PRIORITY = 'fetchpriority="low"';

/** The template's module script and modulepreload links (Vite's) marked SCRIPT_HINT_PRIORITY. */
export function lowPriorityScripts(template: string): string {
  return template
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, `<script type="module" ${SCRIPT_HINT_PRIORITY}`)
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, `<link rel="modulepreload" ${SCRIPT_HINT_PRIORITY}`);
}

/** `<link rel="modulepreload">` elements for these script URLs, at SCRIPT_HINT_PRIORITY. */
export function modulePreloadLinks(urls: readonly string[]): string {
  return urls
    .map((url) => `<link rel="modulepreload" ${SCRIPT_HINT_PRIORITY} crossorigin href="${url.replace(/[&"<>]/g, "")}">`)
    .join("\n    ");
}

/** The template prepared for sending: head scripts inlined (with their CSP hashes), scripts at low priority. */
export function prepareTemplate(template: string, clientDir: string): { html: string; hashes: string[] } {
  const { html, hashes } = inlineHeadScripts(template, clientDir);
  return { html: lowPriorityScripts(html), hashes };
}

/** The template's head scripts that are inlined: small, run before the first paint, no imports. */
export const INLINED = ["/theme-init.js"] as const;

/** The CSP source that allows exactly this inline script's text. */
export function scriptHash(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The template with each INLINED script tag replaced by an inline script holding that file's text, and the
 * CSP hashes of those texts. `</script` cannot occur inside (it would end the element): such a file is left
 * external.
 */
export function inlineHeadScripts(template: string, clientDir: string): { html: string; hashes: string[] } {
  let html = template;
  const hashes: string[] = [];
  for (const src of INLINED) {
    const tag = `<script src="${src}"></script>`;
    if (!html.includes(tag)) continue;
    let text: string;
    try {
      text = fs.readFileSync(path.join(clientDir, src.slice(1)), "utf8");
    } catch {
      continue;
    }
    if (/<\/script/i.test(text) || /<!--/.test(text)) continue;
    html = html.replace(tag, () => `<script>${text}</script>`);
    hashes.push(scriptHash(text));
  }
  return { html, hashes };
}
