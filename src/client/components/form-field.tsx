import { CircleAlert } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Label } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

/**
 * A labelled form control with an optional hint and an error placed right under it. The control
 * gets `aria-describedby` (hint and error) and `aria-invalid` while it has an error.
 */
export function FormField({
  label,
  hint,
  error,
  optional,
  labelAside,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** something on the label's line, at its end (e.g. a 'Forgot password?' link) */
  labelAside?: ReactNode;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>
          {label}
          {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </Label>
        {labelAside}
      </div>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-destructive dark:text-red-400">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (e.g. 'Invalid username or password'), announced when it appears. */
export function FormAlert({
  children,
  className,
  tone = "error",
}: {
  children: ReactNode;
  className?: string;
  tone?: "error" | "info";
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm",
        tone === "error"
          ? "border-destructive/40 bg-destructive/10 text-destructive dark:border-destructive/60 dark:bg-destructive/15 dark:text-red-300"
          : "border-primary/30 bg-primary/5 text-foreground",
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
