import { PolicyPage } from "@/features/static-pages/components/policy-page";
import { RESPONSIBLE_GAMING } from "@/features/static-pages/texts/policies";

/** /responsible-gaming (spec §2 Static pages). */
export function ResponsibleGamingScreen() {
  return <PolicyPage policy={RESPONSIBLE_GAMING} />;
}
