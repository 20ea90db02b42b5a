import { Info } from "lucide-react";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { AboutActions } from "@/features/static-pages/components/about-actions";
import { AboutFeatures } from "@/features/static-pages/components/about-features";
import { AboutIntro, AboutPrinciples } from "@/features/static-pages/components/about-story";
import { ContentBody } from "@/features/static-pages/components/content-body";
import { STATIC_PAGE_CONTENT_KEYS } from "@/features/static-pages/content-keys";
import { useContent } from "@/lib/site-content";
import { STATIC_PAGE_META } from "@contract/pages";

/** /about (D51): what the site is; the site's own 'pages.about' content replaces the body. */
export function AboutScreen() {
  const content = useContent();
  return (
    <>
      <PageTitle
        title={STATIC_PAGE_META["/about"].title}
        description={STATIC_PAGE_META["/about"].description(content("site.name"), content)}
      />
      <PageHeader
        title="About Us"
        icon={<Info />}
        description={<p>Free browser games, live chat and leaderboards.</p>}
      />
      <Container className="py-10 sm:py-12">
        <ContentBody contentKey={STATIC_PAGE_CONTENT_KEYS.about}>
          <div className="space-y-12">
            <AboutIntro />
            <AboutFeatures />
            <AboutPrinciples />
            <AboutActions />
          </div>
        </ContentBody>
      </Container>
    </>
  );
}
