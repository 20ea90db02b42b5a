import { Loader2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/** The foot of a CMS form dialog: Cancel, and the submit button with a spinner instead of its icon while pending. */
export function FormDialogFooter({
  pending,
  onCancel,
  icon: Icon,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="gradient" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
        {children}
      </Button>
    </DialogFooter>
  );
}
