import { useQuery } from "@tanstack/react-query";
import type { Ref } from "react";
import { Link, useLocation } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { latestNotificationsQuery } from "./api";
import { useMarkRead } from "./mark-read";
import { NotificationBellButton } from "./notification-bell-button";
import { NotificationRow } from "./notification-list";

/**
 * D83: the header's bell. Its badge is the real unread count (none at zero); it opens the newest
 * notifications, each leading where it is about (and marked read), "Mark all as read", and the full history.
 * Loaded when the bell is first used (app/layouts/account-menus.tsx renders its button until then).
 */
export function NotificationBell({ triggerRef }: { triggerRef?: Ref<HTMLButtonElement> }) {
  const [, navigate] = useLocation();
  const { data } = useQuery(latestNotificationsQuery());
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  const read = useMarkRead();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <NotificationBellButton unread={unread} ref={triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 text-sm font-semibold text-foreground">Notifications</DropdownMenuLabel>
          {unread > 0 ? (
            <button
              type="button"
              className="rounded text-xs font-medium text-primary hover:underline focus-visible:outline-2"
              onClick={() => read.mutate(undefined)}
            >
              Mark all as read
            </button>
          ) : null}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-[min(24rem,60vh)] overflow-y-auto py-1">
          {items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">
              {data ? "No notifications yet" : "Loading…"}
            </p>
          ) : (
            items.map((item) => (
              <DropdownMenuItem
                key={item.id}
                className="items-start px-3 py-2"
                onSelect={() => {
                  if (!item.readAt) read.mutate([item.id]);
                  if (item.link) navigate(item.link);
                }}
              >
                <NotificationRow item={item} compact />
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <DropdownMenuItem asChild className="justify-center py-2 text-sm font-medium text-primary">
          <Link href="/notifications">See all notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
