import type { ComponentProps, ReactNode } from "react";

/**
 * The round avatar button that opens the account menu (signed in or guest). Its name is what it shows (the
 * avatar's initials, e.g. "GU") followed by what it does, in text for screen readers only: a name that
 * contains the visible label (WCAG 2.5.3), so that "click GU" works with voice control.
 */
export function AccountMenuButton({
  label,
  children,
  ...props
}: ComponentProps<"button"> & { label: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className="rounded-full outline-none ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      {...props}
    >
      {children} <span className="sr-only">{label}</span>
    </button>
  );
}
