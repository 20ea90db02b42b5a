import { Cookie, FileText, HandHeart, Shield, type LucideIcon } from "lucide-react";
import { STATIC_PAGE_CONTENT_KEYS } from "../content-keys";
import type { PolicyText } from "../rich-text";
import { cookiePolicyText } from "./cookie-policy";
import { privacyPolicyText } from "./privacy-policy";
import { responsibleGamingText } from "./responsible-gaming";
import { termsOfServiceText } from "./terms-of-service";

/** A policy page; `text` gives its built-in text for the site's name (D40 'site.name'). */
export type Policy = { title: string; icon: LucideIcon; contentKey: string; text: (name: string) => PolicyText };

export const PRIVACY_POLICY: Policy = {
  title: "Privacy Policy",
  icon: Shield,
  contentKey: STATIC_PAGE_CONTENT_KEYS.privacy,
  text: privacyPolicyText,
};
export const TERMS_OF_SERVICE: Policy = {
  title: "Terms of Service",
  icon: FileText,
  contentKey: STATIC_PAGE_CONTENT_KEYS.terms,
  text: termsOfServiceText,
};
export const COOKIE_POLICY: Policy = {
  title: "Cookie Policy",
  icon: Cookie,
  contentKey: STATIC_PAGE_CONTENT_KEYS.cookies,
  text: cookiePolicyText,
};
export const RESPONSIBLE_GAMING: Policy = {
  title: "Responsible Gaming",
  icon: HandHeart,
  contentKey: STATIC_PAGE_CONTENT_KEYS.responsibleGaming,
  text: responsibleGamingText,
};
