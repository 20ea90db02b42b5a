import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** One section of /settings: a card with its heading (an anchor target for the section menu). */
export function SettingsCard({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-24">
      <Card className={cn(tone === "danger" && "border-destructive/50 dark:border-destructive/60")}>
        <CardHeader>
          <CardTitle id={`${id}-title`} className={cn(tone === "danger" && "text-destructive dark:text-red-400")}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** A labelled row with a control at its end (a switch), the label and hint naming the control. */
export function SettingRow({
  id,
  label,
  hint,
  control,
}: {
  id: string;
  label: string;
  hint?: string;
  control: (ids: { labelledBy: string; describedBy?: string }) => ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      {control({ labelledBy: `${id}-label`, describedBy: hint ? `${id}-hint` : undefined })}
    </div>
  );
}
