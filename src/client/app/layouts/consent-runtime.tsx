import { useEffect } from "react";
import { syncAccountConsent } from "@/lib/account-consent";
import { useHydrated } from "@/lib/hydration";
import { useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { CONSENT_TOOL_URL_SETTING, parseScriptUrl, STATISTICS_SCRIPT_URL_SETTING } from "@contract/consent-constants";

/** D150: the configured IAB TCF consent tool's script address, or "" when none (the notice is then shown). */
export function useConsentTool(): string {
  return parseScriptUrl(useContent()(`site.${CONSENT_TOOL_URL_SETTING}`)) ?? "";
}

/**
 * D150: what consent sets in motion on every public page, once hydrated: the consent tool when one is configured,
 * Google Consent Mode's defaults and the statistics script (once allowed) when either is, and the signed-in
 * player's choice brought in line with the account's.
 */
export function ConsentRuntime() {
  const hydrated = useHydrated();
  const tool = useConsentTool();
  const statistics = parseScriptUrl(useContent()(`site.${STATISTICS_SCRIPT_URL_SETTING}`)) ?? "";
  const { user } = useCurrentUser();

  // Both are loaded only on a site that configured one of them: a page that loads nothing needing consent
  // carries none of this code (D73's budget).
  useEffect(() => {
    if (!hydrated || !tool) return;
    void import("@/lib/consent-tool").then((m) => m.startConsentTool(tool));
  }, [hydrated, tool]);

  useEffect(() => {
    if (!hydrated || (!tool && !statistics)) return;
    let forget: (() => void) | undefined;
    let gone = false;
    void import("@/lib/consent-scripts").then((m) => {
      if (gone) return;
      m.startConsentScripts();
      if (statistics) forget = m.addConsentScript("statistics", statistics);
    });
    return () => {
      gone = true;
      forget?.();
    };
  }, [hydrated, tool, statistics]);

  useEffect(() => {
    // With a consent tool the tool holds the choice; the account keeps the notice's.
    if (hydrated && user && !tool) void syncAccountConsent(user.id);
  }, [hydrated, user, tool]);

  return null;
}
