import { ArrowLeft, Gamepad2 } from "lucide-react";
import { Link } from "wouter";
import { Container } from "@/components/container";
import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { buttonClasses } from "@/components/ui/button";
import { MISSING_TITLES } from "@contract/pages";

/** /game/{id} for an id that is not a game (spec §2). */
export function GameNotFound() {
  return (
    <Container className="py-16">
      <PageTitle title={MISSING_TITLES.game} />
      <EmptyState
        icon={<Gamepad2 />}
        title={MISSING_TITLES.game}
        description="Sorry, we couldn't find the game you're looking for."
        action={
          <Link href="/games" className={buttonClasses("default")}>
            <ArrowLeft aria-hidden="true" />
            Browse Games
          </Link>
        }
        className="[&_h2]:text-2xl"
      />
    </Container>
  );
}

/** /game/{id} when the game could not be read (network or server error). */
export function GameLoadError() {
  return (
    <Container className="py-16">
      <PageTitle title="Game" />
      <EmptyState icon={<Gamepad2 />} title="Failed to load the game" description="Please try again in a moment." />
    </Container>
  );
}
