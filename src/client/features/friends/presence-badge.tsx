import { Link } from "wouter";
import { cn } from "@/lib/utils";
import type { Presence } from "@contract/player-live";
import { presenceLabel } from "./api";

/** D84: "Online" or "Playing {game}" (the game links to its page unless `linked` is false); nothing when offline. */
export function PresenceBadge({
  presence,
  className,
  linked = true,
}: {
  presence: Presence | null | undefined;
  className?: string;
  linked?: boolean;
}) {
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
      className={cn(
        "inline-flex min-w-0 max-w-full items-center gap-1.5 text-xs font-medium text-muted-foreground",
        className,
      )}
    >
      {dot}
      {presence.status === "playing" ? (
        <span className="truncate">
          Playing{" "}
          {linked ? (
            <Link href={`/game/${presence.game.id}`} className="text-foreground hover:underline">
              {presence.game.title}
            </Link>
          ) : (
            <span className="text-foreground">{presence.game.title}</span>
          )}
        </span>
      ) : (
        <span>{label}</span>
      )}
    </span>
  );
}
