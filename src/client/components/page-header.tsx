import type { ReactNode } from "react";
import { Container } from "@/components/container";

/** Shared heading band for simple screens. */
export function PageHeader({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b bg-gradient-to-b from-accent/60 to-transparent">
      <Container className="py-10 sm:py-12">
        <div className="flex items-start gap-4">
          {icon ? (
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-2 text-white shadow-lg shadow-primary/25 sm:flex [&_svg]:size-6">
              {icon}
            </span>
          ) : null}
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
            {description ? <div className="mt-2 text-muted-foreground">{description}</div> : null}
          </div>
          {children}
        </div>
      </Container>
    </div>
  );
}
