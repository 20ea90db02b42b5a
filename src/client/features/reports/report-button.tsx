import { Flag } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-component";
import { reportButtonLabel, type SiteReportTarget } from "./target";

/**
 * The dialog is a chunk of its own, asked for on the first press (D73: nothing of it on a page before the player
 * asks). If it cannot be loaded (offline), the press does nothing and the page stays.
 */
const ReportDialog = lazyPart("report-dialog", () => import("./report-dialog").then((m) => m.ReportDialog));

export type ReportButtonProps = SiteReportTarget & {
  /**
   * Controlled (with `onOpenChange`): no button of its own, only the dialog, which a "Report" item of a menu that
   * already exists opens (the profile's More menu).
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * D97: the small flag that opens the report dialog for one thing (a chat message, a review, a profile, a
 * direct message). The host shows it only to a signed-in player, and never on their own content.
 */
export function ReportButton({ open: openProp, onOpenChange, ...target }: ReportButtonProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const controlled = onOpenChange !== undefined;
  const open = controlled ? openProp === true : ownOpen;
  // The dialog is mounted from its first opening on, so that closing it can animate and hand the focus back.
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  const button = useRef<HTMLButtonElement>(null);
  const label = reportButtonLabel(target);
  return (
    <>
      {controlled ? null : (
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-muted-foreground hover:text-destructive [&_svg]:size-4"
          aria-label={label}
          title={label}
          aria-haspopup="dialog"
          onClick={() => setOwnOpen(true)}
        >
          <Flag aria-hidden="true" />
        </Button>
      )}
      {asked ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            open={open}
            onOpenChange={onOpenChange ?? setOwnOpen}
            returnFocusTo={controlled ? undefined : button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
