import { Check, ChevronDown, MoreHorizontal } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The Friends menu's button: its trigger, and its stand-in until the menu's code loads (D73). */
export function FriendsMenuButton(props: ComponentProps<"button">) {
  return (
    <Button variant="outline" {...props}>
      <Check aria-hidden="true" />
      Friends
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

/** The More menu's button: its trigger, and its stand-in until the menu's code loads (D73). */
export function MoreMenuButton({ username, ...props }: ComponentProps<"button"> & { username: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`More for ${username}`} {...props}>
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
