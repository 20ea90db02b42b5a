import { Gamepad2 } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/components/empty-state";
import { buttonClasses } from "@/components/ui/button";

/** A profile tab of a player who has not set a score yet (D25: no invented numbers). */
export function NoScores({ username }: { username: string }) {
  return (
    <EmptyState
      icon={<Gamepad2 />}
      title="No games played yet"
      description={`${username} has not set any scores yet. Scores appear here after a game is played while signed in.`}
      action={
        <Link href="/games" className={buttonClasses("gradient")}>
          Browse Games
        </Link>
      }
    />
  );
}
