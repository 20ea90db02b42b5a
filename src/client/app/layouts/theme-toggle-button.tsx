import { Moon, Sun } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The header theme switch's button (spec §2 Theme): the trigger of its menu, and that trigger's stand-in until the menu's code loads. */
export function ThemeToggleButton(props: ComponentProps<"button">) {
  return (
    <Button variant="ghost" size="icon" aria-label="Change theme" title="Change theme" {...props}>
      {/* The icon follows the page's own dark class (set by /theme-init.js before the first paint), so the
          server's HTML, the same for everyone (D70), shows the visitor's theme without waiting for JavaScript. */}
      <Sun aria-hidden="true" className="dark:hidden" />
      <Moon aria-hidden="true" className="hidden dark:block" />
    </Button>
  );
}
