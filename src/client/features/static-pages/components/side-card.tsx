import type { ReactNode } from "react";
import { IconCard } from "./icon-card";

/** A small card beside the contact form: icon, title and a line of text. */
export function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <IconCard
      icon={icon}
      layout="flex gap-3 p-5"
      badge="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4"
      bodyClassName="text-sm"
    >
      <h2 className="font-semibold text-foreground">{title}</h2>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </IconCard>
  );
}
