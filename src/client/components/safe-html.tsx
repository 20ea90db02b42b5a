/**
 * Renders website-content HTML. The server sanitises html content against its strict allowlist when an
 * administrator saves it and again every time it is read (src/server/services/content.ts), so the HTML that
 * reaches a page, rendered on the server or in the browser, has always just been cleaned; the browser
 * does not ship a sanitiser of its own (D73: DOMPurify was 28 KB of every static page).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
