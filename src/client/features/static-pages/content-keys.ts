/**
 * D40: website content keys for the static pages' bodies. When the site has one, it replaces the
 * built-in text (html values sanitised with DOMPurify, text values as paragraphs).
 */
export const STATIC_PAGE_CONTENT_KEYS = {
  privacy: "pages.privacy_policy",
  terms: "pages.terms_of_service",
  cookies: "pages.cookie_policy",
  responsibleGaming: "pages.responsible_gaming",
  about: "pages.about",
  help: "pages.help",
} as const;
