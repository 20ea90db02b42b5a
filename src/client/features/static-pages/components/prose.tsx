import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Typography for the static pages' running text (headings, lists, links inside). */
export const proseClasses =
  "max-w-3xl space-y-4 leading-relaxed text-foreground/90 " +
  "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground " +
  "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground " +
  "[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:pl-1 " +
  "[&_a]:font-medium [&_a]:text-primary dark:[&_a]:text-violet-300 [&_a]:underline-offset-4 hover:[&_a]:underline [&_strong]:font-semibold [&_strong]:text-foreground";

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn(proseClasses, className)}>{children}</div>;
}
