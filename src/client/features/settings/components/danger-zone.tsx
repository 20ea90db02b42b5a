import { Trash2, Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { useConfirmIdentity } from "@/components/step-up-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { needsStepUp } from "@/lib/step-up";
import type { AccountSettings } from "@contract/me";
import { DELETION_GRACE_DAYS } from "@contract/me-constants";
import { useCancelDeletion, useDeleteAccount } from "../api/account";
import { SettingsCard } from "./settings-card";

/** D87: "Delete my account" (confirmed with the password; a 14-day grace in which signing in cancels it). */
export function DangerZone({ settings }: { settings: AccountSettings }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelDeletion();

  return (
    <SettingsCard id="danger" title="Danger zone" tone="danger">
      {settings.deleteAfter ? (
        <div className="grid gap-4">
          <FormAlert>
            <p className="font-semibold">Your account will be deleted on {formatDate(settings.deleteAfter)}.</p>
            <p className="mt-1">
              Until then everything works as before. Signing in again, or the button below, cancels the deletion. After
              that date your reviews and chat messages show &ldquo;Deleted player&rdquo;, your scores leave the
              leaderboards and your personal data is erased.
            </p>
          </FormAlert>
          <div>
            <Button
              variant="gradient"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast({ title: "Deletion cancelled", description: "Your account stays." }),
                  onError: (error) =>
                    toast({
                      title: "Could not cancel the deletion",
                      description: errorMessage(error),
                      variant: "destructive",
                    }),
                })
              }
            >
              <Undo2 aria-hidden="true" />
              Cancel deletion
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm text-muted-foreground">
            <p className="font-medium text-foreground">Delete my account</p>
            <p className="mt-1">
              Your account is deleted {DELETION_GRACE_DAYS} days after you ask; signing in before then cancels it. Your
              reviews and chat messages stay as &ldquo;Deleted player&rdquo;.
            </p>
          </div>
          <Button variant="destructive" onClick={() => setOpen(true)} className="shrink-0">
            <Trash2 aria-hidden="true" />
            Delete my account
          </Button>
        </div>
      )}
      <DeleteAccountDialog open={open} onOpenChange={setOpen} hasPassword={settings.hasPassword} />
    </SettingsCard>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  hasPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const confirmIdentity = useConfirmIdentity();

  function close(next: boolean) {
    if (!next) {
      setPassword("");
      setError(undefined);
    }
    onOpenChange(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (hasPassword && !password) {
      setError("Please enter your password");
      return;
    }
    request(hasPassword ? password : undefined);
  }

  function request(confirmation: string | undefined) {
    remove.mutate(confirmation, {
      onSuccess: (res) => {
        close(false);
        toast({
          title: "Account deletion scheduled",
          description: `Your account will be deleted on ${formatDate(res.deleteAfter)}.`,
        });
      },
      onError: (err) => {
        // D105: an account without a password confirms it's them in the "Confirm it's you" dialog instead
        if (needsStepUp(err)) close(false);
        if (!confirmIdentity(err, () => request(undefined))) setError(errorMessage(err));
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your account will be deleted in {DELETION_GRACE_DAYS} days. Signing in before then cancels it.
              {hasPassword ? " Enter your password to confirm." : ""}
            </DialogDescription>
          </DialogHeader>
          {hasPassword ? (
            <FormField label="Password" error={error}>
              {(field) => (
                <PasswordInput
                  {...field}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  maxLength={1024}
                />
              )}
            </FormField>
          ) : error ? (
            <FormAlert>{error}</FormAlert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? "Deleting…" : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
