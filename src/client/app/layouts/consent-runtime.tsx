import { useEffect } from "react";
import { syncAccountConsent } from "@/lib/account-consent";
import { addConsentScript, startConsentScripts } from "@/lib/consent-scripts";
import { startConsentTool } from "@/lib/consent-tool";
import { useHydrated } from "@/lib/hydration";
import { useCurrentUser } from "@/lib/session";
import { useContent } from "@/lib/site-content";
import { CONSENT_TOOL_URL_SETTING, parseScriptUrl, STATISTICS_SCRIPT_URL_SETTING } from "@contract/consent-constants";

/** D150: the configured IAB TCF consent tool's script address, or "" when none (the notice is then shown). */
export function useConsentTool(): string {
  return parseScriptUrl(useContent()(`site.${CONSENT_TOOL_URL_SETTING}`)) ?? "";
}

/**
 * D150: what consent sets in motion on every public page, once hydrated: Google Consent Mode's defaults, the
 * consent tool when one is configured, the statistics script once allowed, and the signed-in player's choice
 * brought in line with the account's.
 */
export function ConsentRuntime() {
  const hydrated = useHydrated();
  const tool = useConsentTool();
  const statistics = parseScriptUrl(useContent()(`site.${STATISTICS_SCRIPT_URL_SETTING}`)) ?? "";
  const { user } = useCurrentUser();

  useEffect(() => {
    if (!hydrated) return;
    startConsentScripts();
    if (tool) startConsentTool(tool);
  }, [hydrated, tool]);

  useEffect(() => {
    if (!hydrated || !statistics) return;
    return addConsentScript("statistics", statistics);
  }, [hydrated, statistics]);

  useEffect(() => {
    // With a consent tool the tool holds the choice; the account keeps the notice's.
    if (hydrated && user && !tool) void syncAccountConsent(user.id);
  }, [hydrated, user, tool]);

  return null;
}
