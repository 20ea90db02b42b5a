import { Star } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { cn } from "@/lib/utils";

export const starLabel = (n: number) => `${n} star${n === 1 ? "" : "s"}`;

/**
 * The review form's rating picker (spec §4): five buttons named '1 star' … '5 stars'. Hovering or
 * clicking a star sets the draft rating (the spec's rule: hover sets it, it is not a preview).
 * Hover is read from mousemove, not mouseenter: the browser also sends mouseenter when the page
 * scrolls under a resting pointer, which would change the rating without the player moving.
 * Keyboard: Tab reaches each star, Enter/Space picks it; Left/Right (and Home/End) move and pick.
 */
export function StarInput({
  value,
  onChange,
  disabled,
  labelledBy,
}: {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
  labelledBy?: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function pick(n: number, focus = false) {
    const r = Math.min(5, Math.max(1, n));
    onChange(r);
    if (focus) buttons.current[r - 1]?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, n: number) {
    const moves: Record<string, number> = {
      ArrowRight: n + 1,
      ArrowUp: n + 1,
      ArrowLeft: n - 1,
      ArrowDown: n - 1,
      Home: 1,
      End: 5,
    };
    if (e.key in moves) {
      e.preventDefault();
      pick(moves[e.key], true);
    }
  }

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : "Your rating"}
      className="flex items-center gap-1"
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const filled = n <= value;
        return (
          <button
            key={n}
            ref={(el) => {
              buttons.current[n - 1] = el;
            }}
            type="button"
            disabled={disabled}
            aria-label={starLabel(n)}
            aria-pressed={value === n}
            onClick={() => pick(n)}
            onMouseMove={() => {
              if (!disabled && value !== n) pick(n);
            }}
            onKeyDown={(e) => onKeyDown(e, n)}
            className={cn(
              "rounded-md p-0.5 transition-transform outline-none hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
              filled ? "text-star" : "text-muted-foreground/50",
            )}
          >
            <Star className={cn("size-7", filled && "fill-current")} aria-hidden="true" />
          </button>
        );
      })}
      <span className="ml-2 text-sm text-muted-foreground" aria-live="polite">
        {value > 0 ? `${starLabel(value)} selected` : "No rating yet"}
      </span>
    </div>
  );
}
