import type { ReactNode } from "react";

/** A home section's h2 with an optional action at its right (carousel buttons, 'View all'). */
export function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {action}
    </div>
  );
}
