import { Flag, LifeBuoy, Megaphone, Shield } from "lucide-react";
import { Link } from "wouter";
import { SideCard } from "./side-card";

/** Contact Us: the other ways to get help, beside the form. */
export function ContactOptions() {
  return (
    <aside aria-label="Other ways to get help" className="space-y-4">
      <SideCard icon={<LifeBuoy />} title="Help Center">
        Answers about playing, accounts, scores and chat.{" "}
        <Link href="/help" className="font-medium text-primary hover:underline dark:text-violet-300">
          Visit the Help Center
        </Link>
      </SideCard>
      <SideCard icon={<Flag />} title="Report a problem">
        A broken game, a bug, or a player breaking the rules? Tell us the game or the username, what happened and when.
      </SideCard>
      <SideCard icon={<Megaphone />} title="Advertising">
        Reach our players:{" "}
        <Link href="/advertise-with-us" className="font-medium text-primary hover:underline dark:text-violet-300">
          Advertise With Us
        </Link>
      </SideCard>
      <SideCard icon={<Shield />} title="Privacy requests">
        To get a copy of your data or delete your account, choose the subject &lsquo;Privacy request&rsquo;.
      </SideCard>
    </aside>
  );
}
