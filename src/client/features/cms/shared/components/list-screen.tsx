import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";

/** The main action of a /cms list screen's header ('Add Category' …). */
export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="gradient" onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** 'Failed to load {what}: …' while the list query has failed. */
export function LoadError({ what, query }: { what: string; query: { isError: boolean; error: unknown } }) {
  return query.isError ? (
    <p role="alert" className="text-sm text-destructive">
      {`Failed to load ${what}: `}
      {errorMessage(query.error)}
    </p>
  ) : null;
}

/** Mutation callbacks that toast `done`, or '{failed}: {reason}' as an error; `then` runs after a success. */
export function toastOutcome(done: string, failed: string, then?: () => void) {
  return {
    onSuccess: () => {
      toast({ title: done });
      then?.();
    },
    onError: (err: unknown) =>
      toast({ title: "Error", description: `${failed}: ${errorMessage(err)}`, variant: "destructive" }),
  };
}
