import { Link } from "wouter";
import { cn } from "@/lib/utils";
import type { Presence } from "@contract/player-live";
import { presenceLabel } from "./api";

/** D84: "Online" or "Playing {game}" (the game links to its page); nothing when offline. */
export function PresenceBadge({ presence, className }: { presence: Presence | null | undefined; className?: string }) {
  const label = presenceLabel(presence);
  if (!label || !presence) return null;
  const dot = (
    <span
      aria-hidden="true"
      className={cn("size-2 shrink-0 rounded-full", presence.status === "playing" ? "bg-brand-2" : "bg-emerald-500")}
    />
  );
  return (
    <span
      className={cn("inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted-foreground", className)}
    >
      {dot}
      {presence.status === "playing" ? (
        <span className="truncate">
          Playing{" "}
          <Link href={`/game/${presence.game.id}`} className="text-foreground hover:underline">
            {presence.game.title}
          </Link>
        </span>
      ) : (
        <span>{label}</span>
      )}
    </span>
  );
}
