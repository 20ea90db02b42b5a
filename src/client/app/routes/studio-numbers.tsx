import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChartLine } from "lucide-react";
import { Link, useParams } from "wouter";
import { Container } from "@/components/container";
import { PageHeader } from "@/components/page-header";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { NumbersPanel } from "@/features/cms/numbers/components/numbers-panel";
import { errorMessage, getJson } from "@/lib/api-client";
import type { NumbersResponse } from "@contract/numbers-constants";

/**
 * /studio/games/{id}/numbers (D134): how one of the creator's games is doing, with the CMS's charts. A screen of
 * its own, loaded only when opened, so that the chart library never reaches the public pages.
 */
export function StudioGameNumbersScreen() {
  const params = useParams<{ id: string }>();
  const gameId = Number(params.id);
  const query = useQuery({
    queryKey: ["studio", "numbers", gameId],
    queryFn: ({ signal }) => getJson<NumbersResponse>(`/api/numbers/games/${gameId}`, { signal }),
    meta: { clientOnly: true },
    enabled: Number.isInteger(gameId) && gameId > 0,
    retry: false,
  });
  const title = query.data?.game?.title;
  return (
    <>
      <PageTitle title={title ? `Numbers: ${title}` : "Numbers"} />
      <meta name="robots" content="noindex" />
      <PageHeader
        title={title ? `Numbers: ${title}` : "Numbers"}
        icon={<ChartLine />}
        description="Card impressions, page views, plays, start times, playtime, retention and errors, per UTC day."
      />
      <Container className="grid gap-4 py-8 sm:py-10">
        <div>
          <Link href="/studio" className={buttonClasses("outline", "sm")}>
            <ArrowLeft aria-hidden="true" />
            Studio
          </Link>
        </div>
        {query.data ? (
          <NumbersPanel numbers={query.data} filename={`arcadium-game-${gameId}-numbers.csv`} />
        ) : query.isError ? (
          <p className="text-sm text-destructive">
            Could not load the game&apos;s numbers: {errorMessage(query.error)}
          </p>
        ) : (
          <div role="status" aria-label="Loading the numbers" className="h-64" />
        )}
      </Container>
    </>
  );
}
