import DOMPurify from "dompurify";
import { useMemo } from "react";

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    // Links that open elsewhere must not hand that page a reference to ours.
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
    });
  }
  return DOMPurify;
}

/** Sanitises untrusted HTML (D40: html content is sanitised on write and again on render). */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"],
    FORBID_ATTR: ["style"],
  });
}

/** Renders website-content HTML after sanitising it. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
