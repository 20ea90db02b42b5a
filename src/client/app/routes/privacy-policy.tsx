import { PolicyPage } from "@/features/static-pages/components/policy-page";
import { PRIVACY_POLICY } from "@/features/static-pages/texts/policies";

/** /privacy-policy (spec §2 Static pages). */
export function PrivacyPolicyScreen() {
  return <PolicyPage policy={PRIVACY_POLICY} />;
}
