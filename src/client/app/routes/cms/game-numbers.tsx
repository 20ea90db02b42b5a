import { ArrowLeft, ChartLine } from "lucide-react";
import { Link, useParams } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useGameNumbers } from "@/features/cms/numbers/api/get-numbers";
import { NumbersPanel } from "@/features/cms/numbers/components/numbers-panel";
import { CmsPageHeader } from "@/features/cms/shared/components/cms-page-header";
import { LoadError } from "@/features/cms/shared/components/list-screen";

/** /cms/games/{id}/numbers (D134): how one game is doing, per UTC day for 90 days and today. */
export function CmsGameNumbersScreen() {
  const params = useParams<{ id: string }>();
  const gameId = Number(params.id);
  const query = useGameNumbers(gameId);
  const title = query.data?.game?.title;
  return (
    <>
      <CmsPageHeader
        title={title ? `Numbers: ${title}` : "Numbers"}
        description="Card impressions, page views, plays, start times, playtime, retention and errors."
        icon={<ChartLine />}
        actions={
          <Link href="~/cms/games" className={buttonClasses("outline", "sm")}>
            <ArrowLeft aria-hidden="true" />
            Games
          </Link>
        }
      />
      {query.data ? (
        <NumbersPanel numbers={query.data} filename={`arcadium-game-${gameId}-numbers.csv`} />
      ) : query.isError ? (
        <LoadError what="the game's numbers" query={query} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </>
  );
}
