import { CircleAlert, Flag, Loader2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { FormAlert, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import {
  reasonsFor,
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  REPORT_SENT,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
} from "@contract/reports-constants";
import { useCreateReport } from "./api";
import type { ReportTarget } from "./target";

export const REASON_REQUIRED = "Choose why you are reporting it.";

/** "this chat message from alice", "alice's profile" … */
function what({ kind, author }: ReportTarget): string {
  if (kind === "room_player") return `${author} in this room`;
  if (kind === "profile") return `${author}'s profile`;
  if (kind === "game") return author;
  return `this ${REPORT_KIND_LABELS[kind].toLowerCase()} ${kind === "review" ? "by" : "from"} ${author}`;
}

/**
 * D97: a player reports a chat message, a review, a profile, a direct message or a player of their room (D124): a reason (required, none
 * chosen at first) and an optional text for the moderators. Sent: closes and says so (REPORT_SENT). Refused
 * (400, 403 "You cannot report yourself", 404, 429…): the server's message stays in the dialog, with
 * everything the player chose and wrote. Its own chunk, loaded when a report button is first pressed.
 */
export function ReportDialog({
  target,
  open,
  onOpenChange,
  returnFocusTo,
  container = null,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** where the focus goes back to once the dialog closes (the report button), also where a click does not focus it */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** where the dialog is put (default: the body); the game player while it is fullscreen */
  container?: HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        container={container}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        {/* The content is mounted while open: each report starts from an empty form. */}
        <ReportForm target={target} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, close }: { target: ReportTarget; close: () => void }) {
  const id = useId();
  const reasons = reasonsFor(target.kind);
  // a game (D114) has one reason, chosen already
  const [reason, setReason] = useState<ReportReason | null>(reasons.length === 1 ? reasons[0] : null);
  const [text, setText] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstRadio = useRef<HTMLInputElement>(null);
  const report = useCreateReport();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setReasonMissing(true);
      firstRadio.current?.focus();
      return;
    }
    setError(null);
    try {
      await report.mutateAsync(target, reason, text);
      close();
      toast({ title: REPORT_SENT });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-busy={report.isPending || undefined}>
      <DialogHeader>
        <DialogTitle>Report {REPORT_KIND_LABELS[target.kind].toLowerCase()}</DialogTitle>
        <DialogDescription>
          Tell the moderators what is wrong with {what(target)}. They will look at it, and you will be told what they
          decided.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <p id={`${id}-reason`} className="text-sm font-medium">
          Why are you reporting it?
        </p>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-reason`}
          aria-required="true"
          aria-invalid={reasonMissing || undefined}
          aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
          className="grid gap-1.5"
        >
          {reasons.map((value, i) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent/60",
                "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring dark:has-[:checked]:bg-primary/10",
                reasonMissing && "border-destructive/60",
              )}
            >
              <input
                ref={i === 0 ? firstRadio : undefined}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonMissing(false);
                }}
                className="size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        {reasonMissing ? (
          <p
            id={`${id}-reason-error`}
            role="alert"
            className="flex items-start gap-1.5 text-sm font-medium text-destructive dark:text-red-400"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {REASON_REQUIRED}
          </p>
        ) : null}
      </div>

      <FormField
        label="Anything else the moderators should know?"
        optional
        hint={`${text.length}/${REPORT_TEXT_MAX_LENGTH}`}
      >
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={text}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>

      {error ? <FormAlert>{error}</FormAlert> : null}

      <DialogFooter>
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" variant="gradient" disabled={report.isPending}>
          {report.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Flag aria-hidden="true" />}
          Send report
        </Button>
      </DialogFooter>
    </form>
  );
}
