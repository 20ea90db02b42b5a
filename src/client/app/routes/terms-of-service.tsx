import { PolicyPage } from "@/features/static-pages/components/policy-page";
import { TERMS_OF_SERVICE } from "@/features/static-pages/texts/policies";

/** /terms-of-service (spec §2 Static pages). */
export function TermsOfServiceScreen() {
  return <PolicyPage policy={TERMS_OF_SERVICE} />;
}
