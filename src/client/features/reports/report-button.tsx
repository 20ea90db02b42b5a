import { Flag } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-component";
import { cn } from "@/lib/utils";
import { reportButtonLabel, type ReportTarget } from "./target";

/**
 * The dialog is a chunk of its own, asked for on the first press (D73: nothing of it on a page before the player
 * asks). If it cannot be loaded (offline), the press does nothing and the page stays.
 */
const ReportDialog = lazyPart("report-dialog", () => import("./report-dialog").then((m) => m.ReportDialog));

/**
 * D97: the small flag that opens the report dialog for one thing (a chat message, a review, a profile, a
 * direct message). The host shows it only to a signed-in player, and never on their own content.
 */
export function ReportButton({ large, ...target }: ReportTarget & { large?: boolean }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so that closing it can animate and hand the focus back to the button.
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = reportButtonLabel(target);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        // 32 px beside a chat message, a review or a direct message; 40 px (as the More button) on a profile.
        className={cn("shrink-0 text-muted-foreground hover:text-destructive", !large && "size-8 [&_svg]:size-4")}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
