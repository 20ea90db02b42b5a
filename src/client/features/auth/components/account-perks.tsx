import { Gamepad2, MessageSquare, Star, Trophy, User } from "lucide-react";
import type { ReactNode } from "react";

const PERKS: Array<{ icon: ReactNode; text: string }> = [
  { icon: <Trophy />, text: "Save your high scores and climb the leaderboards" },
  { icon: <Star />, text: "Rate and review the games you play" },
  { icon: <MessageSquare />, text: "Chat with other players in real time" },
  { icon: <User />, text: "Get a public profile with your stats and achievements" },
];

/** The decorative side panel at desktop widths. */
export function AccountPerks({ siteName }: { siteName: string }) {
  return (
    <div className="relative hidden overflow-hidden bg-gradient-to-br from-primary to-brand-2 p-10 text-white lg:flex lg:flex-col lg:justify-between">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-black/10 blur-2xl"
      />
      <div className="relative">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
          <Gamepad2 className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-6 text-3xl font-extrabold leading-tight tracking-tight">
          Play more with a free {siteName} account
        </p>
      </div>
      <ul className="relative mt-10 space-y-4">
        {PERKS.map((p) => (
          <li key={p.text} className="flex items-start gap-3 text-white/95">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/15 [&_svg]:size-4"
              aria-hidden="true"
            >
              {p.icon}
            </span>
            <span className="pt-1">{p.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
