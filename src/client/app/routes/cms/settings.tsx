import { Settings } from "lucide-react";
import { AdsCard } from "@/features/cms/settings/components/ads-card";
import { AdsTxtCard } from "@/features/cms/settings/components/ads-txt-card";
import { CloudSaveQuotaCard } from "@/features/cms/settings/components/cloud-save-quota-card";
import { CommunitySafetyCard } from "@/features/cms/settings/components/community-safety-card";
import { ConsentCard } from "@/features/cms/settings/components/consent-card";
import { DirectMessagesCard } from "@/features/cms/settings/components/direct-messages-card";
import { IntegrationsCard } from "@/features/cms/settings/components/integrations-card";
import { MessagesCard } from "@/features/cms/settings/components/messages-card";
import { SearchEnginesCard } from "@/features/cms/settings/components/search-engines-card";
import { SeasonLengthCard } from "@/features/cms/settings/components/season-length-card";
import { SiteCard } from "@/features/cms/settings/components/site-card";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";

/** /cms/settings (D47): the site.* content, whether mail and Google sign-in are configured, and the messages inbox. */
export function CmsSettingsScreen() {
  return (
    <>
      <CmsPageHeader
        title="Settings"
        description="Site identity, seasons, integrations and messages from visitors."
        icon={<Settings />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <SiteCard />
          <SeasonLengthCard />
          <ConsentCard />
          <AdsCard />
          <AdsTxtCard />
        </div>
        <div className="grid content-start gap-6">
          <IntegrationsCard />
          <SearchEnginesCard />
          <CloudSaveQuotaCard />
          <DirectMessagesCard />
          <CommunitySafetyCard />
        </div>
      </div>
      <MessagesCard />
    </>
  );
}
