import { Ban, ShieldCheck } from "lucide-react";
import { useContent } from "@/lib/site-content";
import { AD_POLICY } from "../texts/advertising";
import { TitledSection } from "./titled-section";

/** Advertise With Us: the 'Advertising policy' list (spec §2); every rule but the last is a ban. */
export function AdPolicy() {
  const name = useContent()("site.name");
  return (
    <TitledSection id="ad-policy" title="Advertising policy" spacing="mb-2">
      <p className="mb-4 text-sm text-muted-foreground">
        Every campaign is reviewed before it runs. To keep {name} safe and welcoming for every player:
      </p>
      <ul className="space-y-2.5">
        {AD_POLICY.map((rule, i) => (
          <li key={rule} className="flex items-start gap-2.5 text-sm">
            {i < AD_POLICY.length - 1 ? (
              <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            ) : (
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            )}
            <span>{rule}</span>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
