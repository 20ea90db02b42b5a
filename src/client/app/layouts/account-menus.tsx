import { useQuery } from "@tanstack/react-query";
import { UserAvatar } from "@/components/ui/avatar";
import { useUnreadMessageCount } from "@/features/messages/api/unread";
import { latestNotificationsQuery } from "@/features/notifications/api";
import { NotificationBellButton } from "@/features/notifications/notification-bell-button";
import { lazyPart } from "@/lib/lazy-component";
import { CLOSED_MENU_TRIGGER, LoadOnInteraction } from "@/lib/load-on-interaction";
import type { CurrentUser } from "@/lib/session";
import { AccountMenuButton } from "./account-menu-button";
import { usePlayerLive } from "./use-player-live";

/**
 * The header's account controls when signed in, in a chunk of their own: they appear once the
 * session is known (signed out: account-signed-out.tsx). The menus' code (Radix menus and their positioning) loads when their button
 * is first used (D73); until then the buttons are rendered as the menus' own closed triggers.
 */
const NotificationBell = lazyPart("notification-bell", () =>
  import("@/features/notifications/notification-bell").then((m) => m.NotificationBell),
);
const AccountMenu = lazyPart("account-menu", () => import("./account-menu-lists").then((m) => m.AccountMenu));

export function SignedInControls({ user }: { user: CurrentUser }) {
  // The player's live events (notifications, friends, presence, messages) while signed in.
  usePlayerLive(user.id);
  const unreadMessages = useUnreadMessageCount();
  // The bell's badge is shown before its menu loads: the same query the menu reads.
  const unread = useQuery(latestNotificationsQuery()).data?.unread ?? 0;
  const label = `Account menu for ${user.username}`;
  return (
    <>
      <LoadOnInteraction
        part={NotificationBell}
        standIn={(handlers) => <NotificationBellButton unread={unread} {...CLOSED_MENU_TRIGGER} {...handlers} />}
      >
        {(triggerRef) => <NotificationBell triggerRef={triggerRef} />}
      </LoadOnInteraction>
      <LoadOnInteraction
        part={AccountMenu}
        standIn={(handlers) => (
          <AccountMenuButton label={label} {...CLOSED_MENU_TRIGGER} {...handlers}>
            <UserAvatar username={user.username} src={user.avatarUrl} />
          </AccountMenuButton>
        )}
      >
        {(triggerRef) => <AccountMenu user={user} unreadMessages={unreadMessages} triggerRef={triggerRef} />}
      </LoadOnInteraction>
    </>
  );
}
