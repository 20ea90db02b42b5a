import { Suspense } from "react";
import { Container } from "@/components/container";
import { PageTitle } from "@/components/page-title";
import { useCategories } from "@/features/categories/api/get-categories";
import { CategoryChips } from "@/features/categories/components/category-chips";
import { DeferredChatPanel } from "@/features/chat/components/deferred-chat-panel";
import { useCollections } from "@/features/collections/api/get-collections";
import { FeaturedCarousel } from "@/features/games/components/featured-carousel";
import { PopularGames } from "@/features/games/components/popular-games";
import { ClosingBanner } from "@/features/home/components/closing-banner";
import { CommunitySection } from "@/features/home/components/community-section";
import { GamingExperiences } from "@/features/home/components/gaming-experiences";
import { Hero } from "@/features/home/components/hero";
import { TopPlayers } from "@/features/leaderboard/components/top-players";
import { lazyPart } from "@/lib/lazy-component";
import { HOME_DESCRIPTION } from "@contract/pages";

/**
 * The report button, a chunk of its own (its dialog another, loaded on the first press); neither is loaded before
 * the first interaction (D73): the button's chunk comes once a signed-in player is shown someone else's chat message. Nobody is
 * signed in on the server's render, so it never renders there.
 */
const ReportButton = lazyPart("report-chat", () =>
  import("@/features/reports/report-button").then((m) => m.ReportButton),
);
const reportChat = ({ id, author }: { id: number; author: string }) => (
  <Suspense fallback={null}>
    <ReportButton kind="chat" targetId={id} author={author} />
  </Suspense>
);

/** / (spec §2): hero, featured carousel, categories, games, experiences, community, banner. */
export function HomeScreen() {
  const categories = useCategories();
  // D83: the tiles are the collections, with their real counts
  const collections = useCollections();
  return (
    <>
      <PageTitle description={HOME_DESCRIPTION} />
      <Hero />
      <Container className="space-y-14 py-12">
        <FeaturedCarousel />
        <CategoryChips />
        <PopularGames categoryNames={(categories.data ?? []).map((c) => c.name)} />
        <GamingExperiences collections={collections.data} pending={collections.isPending} />
        <CommunitySection topPlayers={<TopPlayers />} chat={<DeferredChatPanel renderReport={reportChat} />} />
        <ClosingBanner />
      </Container>
    </>
  );
}
