import {
  Bell,
  Gamepad2,
  Megaphone,
  Palette,
  ShieldAlert,
  Trophy,
  UserCheck,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import { UserAvatar } from "@/components/ui/avatar";
import { relativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { NotificationItem, NotificationKind } from "@contract/player-live";
import { notificationText } from "./notification-text";

const ICONS: Record<NotificationKind, LucideIcon> = {
  friend_request: UserPlus,
  friend_accepted: UserCheck,
  score_beaten: Trophy,
  achievement: Trophy,
  report_handled: Bell,
  announcement: Megaphone,
  room_invite: Gamepad2,
  room_turn: Gamepad2,
  creator_application: Palette,
  build_review: Palette,
  score_held: ShieldAlert,
};

/** One notification's face: who or what, the text, when, and a dot while unread (D85). */
export function NotificationRow({ item, compact = false }: { item: NotificationItem; compact?: boolean }) {
  const Icon = ICONS[item.kind] ?? Bell;
  const unread = !item.readAt;
  return (
    <span className="flex w-full items-start gap-3 text-left">
      {item.actor ? (
        <UserAvatar
          username={item.actor.username}
          src={item.actor.avatarUrl}
          className={compact ? "size-8" : "size-10"}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            "flex shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary",
            compact ? "size-8" : "size-10",
          )}
        >
          <Icon className="size-4" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            "block text-sm leading-snug",
            unread ? "font-semibold text-foreground" : "text-muted-foreground",
          )}
        >
          {notificationText(item)}
        </span>
        <span className="mt-0.5 block text-xs text-muted-foreground">{relativeTime(item.createdAt)}</span>
      </span>
      {unread ? (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-2">
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </span>
  );
}
