import { useId, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { ALL_OFF, ALL_ON, type ConsentChoice } from "@/lib/cookie-consent";

/** D150: the purposes a visitor can choose, in the dialog's words. */
const PURPOSES = [
  {
    key: "statistics",
    title: "Statistics",
    description: "Counting visits and how the site is used, so that we can make it better.",
  },
  {
    key: "advertising",
    title: "Advertising",
    description: "Showing ads, and letting our partners make them more relevant to you.",
  },
] as const;

/**
 * D150: the cookie notice's second layer, a choice per purpose. Necessary cookies are shown as always on; the
 * switches start from the current choice (both off when there is none). Closing it stores nothing.
 */
export function CookieSettingsDialog({
  open,
  initial,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  initial: ConsentChoice | null;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: ConsentChoice) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<ConsentChoice>(initial ?? ALL_OFF);
  // Opened by a button that has no Radix trigger (the notice's, the footer's): focus goes back to it on close, or
  // to the page's content when the notice holding it is gone.
  const [returnTo] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  const returned = useRef(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returned.current) return;
          returned.current = true;
          const target =
            returnTo instanceof HTMLElement && returnTo.isConnected ? returnTo : document.getElementById("main");
          target?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Cookie settings</DialogTitle>
          <DialogDescription>
            Choose which optional cookies we may use. You can change this at any time with “Cookie settings” at the
            bottom of every page. Read our{" "}
            <Link href="/cookie-policy" className="font-medium text-primary underline-offset-4 hover:underline">
              Cookie Policy
            </Link>
            .
          </DialogDescription>
        </DialogHeader>
        <ul className="divide-y rounded-xl border">
          <li className="flex items-start justify-between gap-4 p-4">
            <div className="space-y-1">
              <p id={`${id}-necessary`} className="text-sm font-semibold">
                Necessary
              </p>
              <p id={`${id}-necessary-hint`} className="text-sm text-muted-foreground">
                Keeping you signed in and remembering your choices. Always on.
              </p>
            </div>
            <Switch
              checked
              disabled
              onCheckedChange={() => {}}
              aria-labelledby={`${id}-necessary`}
              aria-describedby={`${id}-necessary-hint`}
            />
          </li>
          {PURPOSES.map((p) => (
            <li key={p.key} className="flex items-start justify-between gap-4 p-4">
              <div className="space-y-1">
                <p id={`${id}-${p.key}`} className="text-sm font-semibold">
                  {p.title}
                </p>
                <p id={`${id}-${p.key}-hint`} className="text-sm text-muted-foreground">
                  {p.description}
                </p>
              </div>
              <Switch
                checked={choice[p.key]}
                onCheckedChange={(on) => setChoice((c) => ({ ...c, [p.key]: on }))}
                aria-labelledby={`${id}-${p.key}`}
                aria-describedby={`${id}-${p.key}-hint`}
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => onChoose(ALL_OFF)}>
            Essential Only
          </Button>
          <Button variant="outline" size="sm" onClick={() => onChoose(choice)}>
            Save choices
          </Button>
          <Button size="sm" onClick={() => onChoose(ALL_ON)}>
            Accept All
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
