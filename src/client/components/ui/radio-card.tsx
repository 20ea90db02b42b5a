import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * One choice of a radio group shown as a card: an icon and a label over a hint, the chosen card outlined. The radio
 * input itself is visually hidden (the card is its label), so the group keeps the native keyboard behaviour; the
 * card shows the keyboard focus. Put the cards in a `<fieldset>` with a `<legend>`.
 */
export function RadioCard(props: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  icon: ReactNode;
  label: ReactNode;
  hint: ReactNode;
}) {
  return (
    <label
      className={cn(
        "relative flex cursor-pointer flex-col gap-1 rounded-xl border p-3.5 transition-colors hover:bg-accent/60",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        props.checked && "border-primary bg-primary/5 dark:bg-primary/10",
      )}
    >
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onSelect}
        className="sr-only"
      />
      <span className="flex items-center gap-2 text-sm font-semibold [&_svg]:size-4">
        <span
          className={cn("text-muted-foreground", props.checked && "text-primary dark:text-violet-300")}
          aria-hidden="true"
        >
          {props.icon}
        </span>
        {props.label}
      </span>
      <span className="text-xs text-muted-foreground">{props.hint}</span>
    </label>
  );
}
