import { ALLOW_SEARCH_ENGINES_SETTING } from "@contract/pages";
import { SiteSwitchCard, type SiteSwitch } from "./site-switch-card";

/** D72: the switch "Allow search engines" (on unless set to "false"). */
const SEARCH_ENGINES_SWITCH: SiteSwitch = {
  setting: ALLOW_SEARCH_ENGINES_SETTING,
  isOn: (stored) => stored?.trim().toLowerCase() !== "false",
  title: "Search engines",
  description: "Whether search engines may list this site's pages.",
  label: "Allow search engines",
  hint: (on) =>
    on
      ? "Pages can be indexed; robots.txt and the sitemap list them."
      : "Every page asks not to be indexed and robots.txt disallows everything (for private installs, such as a school's).",
  saved: (on) => (on ? "Search engines allowed" : "Search engines turned away"),
};

export function SearchEnginesCard() {
  return <SiteSwitchCard {...SEARCH_ENGINES_SWITCH} />;
}
