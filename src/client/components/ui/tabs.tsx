import {
  createContext,
  use,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type FocusEvent,
} from "react";
import { cn } from "@/lib/utils";

/**
 * Tabs of our own (D73: the Radix primitive, with its roving focus, collection and
 * presence helpers, cost the home and game pages about 8 KB gzip of JavaScript before the first
 * interaction). Same API and markup as Radix Tabs, following the WAI-ARIA tabs
 * pattern with automatic activation:
 * - role=tablist (horizontal); role=tab buttons with aria-selected, aria-controls, data-state
 *   ("active" / "inactive", which the styles use); the selected tab is the list's one Tab stop (Radix
 *   made the list itself focusable and passed its focus on to the selected tab: same keyboard result);
 * - ArrowRight / ArrowLeft move to the next / previous tab (wrapping), Home / End to the first / last;
 *   focusing a tab selects it; a press (mousedown, left button) or Enter / Space selects too;
 * - role=tabpanel labelled by its tab, focusable; an inactive panel is not rendered (its content does
 *   not mount) unless forceMount, in which case it stays with data-state="inactive" and is hidden by
 *   the caller's classes.
 * Ids come from useId, so the server's HTML and the hydrated page agree.
 */

type TabsState = { baseId: string; value: string | undefined; select(value: string): void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value: controlled, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value, select }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

/** The tab list without the ui styles (the game page lays its tabs out in a grid on narrow screens). */
export function TabsListBare(props: ComponentProps<"div">) {
  return <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <TabsListBare
      className={cn("inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground", className)}
      {...props}
    />
  );
}

const KEY_TARGET: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const { baseId, value: selected, select } = useTabs("TabsTrigger");
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      aria-controls={contentId(baseId, value)}
      id={triggerId(baseId, value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      className={cn(
        "inline-flex h-8 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-all " +
          "hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring " +
          "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        if (event.defaultPrevented || disabled) return;
        // A left press selects (before the click, as Radix does); a right or Ctrl press neither selects nor focuses.
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === "Enter" || event.key === " ") return select(value);
        const target = KEY_TARGET[event.key];
        if (!target || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
        const list = event.currentTarget.closest('[role="tablist"]');
        const tabs = list ? [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')] : [];
        if (tabs.length === 0) return;
        event.preventDefault();
        // Focusing the tab selects it (below): automatic activation.
        tabs[target(tabs.indexOf(event.currentTarget), tabs.length)]?.focus();
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        if (!event.defaultPrevented && !disabled) select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  forceMount,
  className,
  ...props
}: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const { baseId, value: selected } = useTabs("TabsContent");
  const active = value === selected;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      aria-labelledby={triggerId(baseId, value)}
      id={contentId(baseId, value)}
      tabIndex={0}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      className={cn(
        "mt-4 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...props}
    />
  );
}
