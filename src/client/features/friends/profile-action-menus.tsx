import { Ban, Flag, UserMinus } from "lucide-react";
import type { Ref } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { FriendsMenuButton, MoreMenuButton } from "./profile-action-buttons";

/** The profile's Friends menu (D84: remove a friend), loaded when its button is first used (profile-actions.tsx). */
export function FriendsMenu({
  busy,
  onRemove,
  triggerRef,
}: {
  busy: boolean;
  onRemove: () => void;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <FriendsMenuButton disabled={busy} ref={triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onRemove}>
          <UserMinus aria-hidden="true" />
          Remove friend
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The profile's More menu (report, block), loaded when its button is first used (profile-actions.tsx). */
export function MoreMenu({
  username,
  onReport,
  onBlock,
  triggerRef,
}: {
  username: string;
  onReport?: () => void;
  onBlock?: () => void;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <MoreMenuButton username={username} ref={triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {onReport ? (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden="true" />
            Report profile
          </DropdownMenuItem>
        ) : null}
        {onBlock ? (
          <DropdownMenuItem onSelect={onBlock} className="text-destructive focus:text-destructive">
            <Ban aria-hidden="true" />
            Block {username}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
