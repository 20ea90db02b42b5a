import { HelpCircle } from "lucide-react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { ContentBody } from "@/features/static-pages/components/content-body";
import { FaqSection } from "@/features/static-pages/components/faq-section";
import { HelpTopicsNav } from "@/features/static-pages/components/help-topics-nav";
import { StillNeedHelp } from "@/features/static-pages/components/still-need-help";
import { STATIC_PAGE_CONTENT_KEYS } from "@/features/static-pages/content-keys";
import { helpTopics } from "@/features/static-pages/texts/help-topics";
import { useContent } from "@/lib/site-content";
import { STATIC_PAGE_META } from "@contract/pages";

/** /help (D51): the Help Center's topics; the site's own 'pages.help' content replaces the body. */
export function HelpScreen() {
  const name = useContent()("site.name");
  const topics = helpTopics(name);
  return (
    <>
      <PageTitle title={STATIC_PAGE_META["/help"].title} description={STATIC_PAGE_META["/help"].description(name)} />
      <PageHeader
        title="Help Center"
        icon={<HelpCircle />}
        description={<p>Answers to common questions about playing on {name}.</p>}
      />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={STATIC_PAGE_CONTENT_KEYS.help}>
          <div className="mx-auto max-w-4xl">
            <HelpTopicsNav topics={topics} />
            <div className="space-y-10">
              {topics.map((topic) => (
                <FaqSection key={topic.id} topic={topic} />
              ))}
              <StillNeedHelp />
            </div>
          </div>
        </ContentBody>
      </Container>
    </>
  );
}
