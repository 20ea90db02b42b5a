import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { useContent } from "@/lib/site-content";
import type { Policy } from "../texts/policies";
import { POLICY_LAST_UPDATED } from "../texts/site-rules";
import { ContentBody } from "./content-body";
import { PolicyDocument } from "./policy-document";

/** A policy page: header, 'Last updated' line and the site's content or the built-in text (D40). */
export function PolicyPage({ policy: { title, icon: Icon, contentKey, text } }: { policy: Policy }) {
  const { intro, sections } = text(useContent()("site.name"));
  return (
    <>
      <PageTitle title={title} description={`${title} of Arcadium. ${POLICY_LAST_UPDATED}.`} />
      <PageHeader title={title} icon={<Icon />} description={<p>{POLICY_LAST_UPDATED}</p>} />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={contentKey}>
          <PolicyDocument intro={intro} sections={sections} />
        </ContentBody>
      </Container>
    </>
  );
}
