import { Bell } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The badge's text: the count, "99+" beyond. */
export function badgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

/** D83: the header's bell button, its badge the unread count (none at zero): the trigger of the bell's menu and its stand-in. */
export function NotificationBellButton({ unread, ...props }: ComponentProps<"button"> & { unread: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread ? `Notifications (${unread} unread)` : "Notifications"}
      {...props}
    >
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-2 px-1 text-[10px] font-bold leading-none text-white ring-2 ring-background"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Button>
  );
}
