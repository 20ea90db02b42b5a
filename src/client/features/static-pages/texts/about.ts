import { Bot, MessageSquare, Sparkles, Trophy, UserRound, Zap, type LucideIcon } from "lucide-react";

/** About Us (D51): what a player finds on the site. */
export const ABOUT_FEATURES: Array<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: "Play instantly",
    text: "HTML5 games that run in your browser on desktop, tablet and phone. No downloads, no installs.",
    icon: Zap,
  },
  {
    title: "AI opponents",
    text: "Some games pit you against a computer opponent that plays back, for a real challenge on your own.",
    icon: Bot,
  },
  {
    title: "Compete",
    text: "Every score counts: weekly and all-time leaderboards, personal bests and achievements.",
    icon: Trophy,
  },
  {
    title: "Chat",
    text: "A live public chat to talk tactics, share a high score or find a rival.",
    icon: MessageSquare,
  },
  {
    title: "Rate and review",
    text: "Tell other players what you think; the stars on every game come from your reviews.",
    icon: Sparkles,
  },
  {
    title: "Your profile",
    text: "A public profile with your stats, favourite categories and unlocked achievements.",
    icon: UserRound,
  },
];
