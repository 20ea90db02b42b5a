import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { EXPORT_URL } from "../api/account";
import { SettingsCard } from "./settings-card";

/** D87: "Download my data", a JSON file with everything stored about the player. */
export function DataSection() {
  return (
    <SettingsCard
      id="data"
      title="Your data"
      description="A file with everything we store about you: your account, scores, achievements, reviews, messages, saves, friends and settings."
    >
      <a href={EXPORT_URL} download className={buttonClasses("outline")}>
        <Download aria-hidden="true" />
        Download my data
      </a>
    </SettingsCard>
  );
}
