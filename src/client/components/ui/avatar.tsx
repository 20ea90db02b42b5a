import { Avatar as AvatarPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Avatar with the spec's fallback: first two letters of the username, upper case ('GU' for a guest). */
export function UserAvatar({
  username,
  src,
  className,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Root> & { username?: string | null; src?: string | null }) {
  return (
    <AvatarPrimitive.Root className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full bg-muted select-none", className)} {...props}>
      {src ? <AvatarPrimitive.Image src={src} alt="" className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : undefined}
        className="flex size-full items-center justify-center bg-gradient-to-br from-primary to-brand-2 text-xs font-bold text-white"
      >
        {initials(username)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
