import { LayoutGrid, List } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type GameView = "grid" | "list";

/** A category's 'Grid view' / 'List view' switch. */
export function GameViewToggle({ view, onChange }: { view: GameView; onChange: (view: GameView) => void }) {
  return (
    <div role="group" aria-label="View" className="flex shrink-0 gap-1 self-center rounded-lg border bg-card p-1">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={view === "grid"}
        aria-label="Grid view"
        onClick={() => onChange("grid")}
        className={cn("px-2", view === "grid" && "bg-accent text-accent-foreground")}
      >
        <LayoutGrid aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={view === "list"}
        aria-label="List view"
        onClick={() => onChange("list")}
        className={cn("px-2", view === "list" && "bg-accent text-accent-foreground")}
      >
        <List aria-hidden="true" />
      </Button>
    </div>
  );
}
