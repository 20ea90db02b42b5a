import { Loader2, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { FieldControlProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

// The parts the Sign In and Register forms share.

/** The username field: typed as is (no capitals, corrections or spell check added by the device). */
export function UsernameInput({
  field,
  ...props
}: { field: FieldControlProps } & Omit<ComponentProps<"input">, "name">) {
  return (
    <Input
      {...field}
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** The form's full-width submit button: a spinner and pendingLabel while the request runs. */
export function AuthSubmitButton({
  pending,
  icon: Icon,
  pendingLabel,
  children,
}: {
  pending: boolean;
  icon: LucideIcon;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="gradient"
      size="lg"
      className="mt-1 w-full"
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
