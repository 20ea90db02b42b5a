import { MessageSquare, UserPlus } from "lucide-react";
import { Button, buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";

/**
 * The profile's Message and Add Friend before anything is known of the visitor's relation to the player:
 * what the server renders (it does not know the visitor), and what a visitor who is not signed in gets. Small on
 * purpose: the rest of the actions (profile-actions.tsx) load only for a signed-in visitor on someone else's profile
 * (D73).
 */

/** Message, for a player who is not (yet) a friend: D88 allows friends only, and says so. */
export function MessageButton() {
  return (
    <Button variant="outline" onClick={() => toast({ title: "You can only message your friends" })}>
      <MessageSquare aria-hidden="true" />
      Message
    </Button>
  );
}

/** The two buttons while the visitor is not known yet; Add Friend is `waiting` while a signed-in visitor's relation loads. */
export function PlainProfileActions({ waiting = false }: { waiting?: boolean }) {
  return (
    <div className="flex gap-2">
      <MessageButton />
      <Button variant="gradient" disabled={waiting}>
        <UserPlus aria-hidden="true" />
        Add Friend
      </Button>
    </div>
  );
}

/** A visitor who is not signed in: both ask to sign in first (`login`: the sign-in address that comes back here). */
export function SignedOutProfileActions({ login }: { login: string }) {
  return (
    <div className="flex gap-2">
      <a href={login} className={buttonClasses("outline")}>
        <MessageSquare aria-hidden="true" />
        Message
      </a>
      <a href={login} className={buttonClasses("gradient")}>
        <UserPlus aria-hidden="true" />
        Add Friend
      </a>
    </div>
  );
}
