// xss is CommonJS: under Node's native ESM only its default export is reliable.
import xssDefault from "xss";
import { isHttpUrl, isSitePath, isUploadsPath } from "../../contract/admin/fields";
import type { ContentValueType } from "../../contract/content";
import { Invalid } from "../errors";

const { FilterXSS, escapeAttrValue, friendlyAttrValue } = xssDefault as unknown as typeof import("xss");

/**
 * D40: the strict allowlist for `html` content. Everything else is removed: tags not listed
 * (their text is kept, except script/style and similar whose content goes too), every attribute
 * except a[href,title], and links other than http(s) and mailto.
 */
const ALLOWED_TAGS: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  a: ["href", "title"],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  code: [],
  pre: [],
};

const htmlFilter = new FilterXSS({
  whiteList: ALLOWED_TAGS,
  stripIgnoreTag: true,
  stripIgnoreTagBody: [
    "script",
    "style",
    "iframe",
    "object",
    "embed",
    "noscript",
    "template",
    "svg",
    "math",
    "textarea",
    "select",
    "title",
    "xmp",
    "noembed",
    "noframes",
  ],
  allowCommentTag: false,
  css: false,
  safeAttrValue(tag, name, value) {
    if (tag === "a" && name === "href") {
      // Entities are decoded first, so that "jav&#x61;script:" cannot slip through.
      const v = friendlyAttrValue(value).trim();
      return /^(https?:\/\/|mailto:)/i.test(v) ? escapeAttrValue(v) : "";
    }
    return escapeAttrValue(friendlyAttrValue(value));
  },
});

export function sanitizeHtml(html: string): string {
  const clean = htmlFilter.process(html);
  // With nested stripped tags (<svg><script>…) the library can leave its "[removed]" markers
  // behind as text; they are harmless, but not what the admin wrote.
  if (!/\[\/?removed\]/.test(html)) return clean.replace(/\[\/?removed\]/g, "");
  return clean;
}

/**
 * D40: a content value checked (and for html sanitised) for its type; throws 400 with a clear
 * message otherwise. Returns the value to store.
 */
export function checkContentValue(valueType: ContentValueType, value: string): string {
  switch (valueType) {
    case "html": {
      const clean = sanitizeHtml(value);
      if (clean.trim() === "") throw new Invalid("Value is required");
      return clean;
    }
    case "image": {
      const v = value.trim();
      if (!isUploadsPath(v) && !isHttpUrl(v))
        throw new Invalid("An image value must be an /uploads/ path or an http(s) URL");
      return v;
    }
    case "link": {
      const v = value.trim();
      if (!isHttpUrl(v) && !isSitePath(v))
        throw new Invalid("A link value must be an http(s) URL or a site path starting with '/'");
      return v;
    }
    case "text":
    default:
      if (value.trim() === "") throw new Invalid("Value is required");
      return value;
  }
}
