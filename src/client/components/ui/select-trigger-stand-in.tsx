import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const SELECT_TRIGGER_CLASSES =
  "flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-sm shadow-xs " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[placeholder]:text-muted-foreground " +
  "disabled:cursor-not-allowed disabled:opacity-50 [&>span]:truncate";

export function SelectChevron() {
  return <ChevronDown className="size-4 opacity-60" aria-hidden="true" />;
}

/**
 * A closed select's trigger (select.tsx's SelectTrigger) as Radix Select renders it, showing `valueLabel`: it
 * stands in until the select's code loads at the first interaction (D73, lib/load-on-interaction.tsx).
 */
export function SelectTriggerStandIn({
  className,
  valueLabel,
  ...props
}: ComponentProps<"button"> & { valueLabel: string }) {
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      className={cn(SELECT_TRIGGER_CLASSES, className)}
      {...props}
    >
      <span style={{ pointerEvents: "none" }}>{valueLabel}</span>
      <SelectChevron />
    </button>
  );
}
