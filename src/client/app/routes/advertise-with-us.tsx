import { Megaphone } from "lucide-react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { AdvertiseForm } from "@/features/forms/components/advertise-form";
import { AdFormats } from "@/features/static-pages/components/ad-formats";
import { AdPolicy } from "@/features/static-pages/components/ad-policy";
import { AudienceStats } from "@/features/static-pages/components/audience-stats";
import { FormSection } from "@/features/static-pages/components/form-section";
import { useContent } from "@/lib/site-content";
import { STATIC_PAGE_META } from "@contract/pages";

/** /advertise-with-us (spec §2 Static pages): audience, formats, ad policy and the inquiry form. */
export function AdvertiseWithUsScreen() {
  const name = useContent()("site.name");
  return (
    <>
      <PageTitle
        title={STATIC_PAGE_META["/advertise-with-us"].title}
        description={STATIC_PAGE_META["/advertise-with-us"].description(name)}
      />
      <PageHeader
        title="Advertise With Us"
        icon={<Megaphone />}
        description={<p>Reach an engaged, brand-safe audience of players who come back every week.</p>}
      />
      <Container className="space-y-14 py-10 sm:py-12">
        <AudienceStats />
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-5 lg:gap-12">
          <div className="space-y-10 lg:col-span-2">
            <AdFormats />
            <AdPolicy />
          </div>
          <FormSection
            id="inquiry"
            title="Advertising Inquiry"
            description="Tell us about your campaign and our team will get back to you."
            className="lg:col-span-3"
          >
            <AdvertiseForm />
          </FormSection>
        </div>
      </Container>
    </>
  );
}
