import { PolicyPage } from "@/features/static-pages/components/policy-page";
import { COOKIE_POLICY } from "@/features/static-pages/texts/policies";

/** /cookie-policy (spec §2 Static pages). */
export function CookiePolicyScreen() {
  return <PolicyPage policy={COOKIE_POLICY} />;
}
