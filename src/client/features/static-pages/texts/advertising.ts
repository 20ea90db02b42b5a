import { BarChart3, Clock, Gamepad2, Sparkles, Target, Trophy, Users, type LucideIcon } from "lucide-react";
import { MINIMUM_AGE } from "./site-rules";

/** Spec §2: the audience stats. */
export const AUDIENCE_STATS: Array<{ value: string; label: string; icon: LucideIcon }> = [
  { value: "1M+", label: "Monthly Users", icon: Users },
  { value: "5M+", label: "Games Played Monthly", icon: Gamepad2 },
  { value: "18-34", label: "Core Age Group", icon: Target },
  { value: "12min", label: "Average Session", icon: Clock },
];

/** Spec §2: the ad policy list (bans gambling, alcohol and tobacco ads); the last rule is a requirement, not a ban. */
export const AD_POLICY = [
  "No gambling, betting or casino advertising",
  "No alcohol advertising",
  "No tobacco, e-cigarette or vaping advertising",
  "No adult, violent or hateful content",
  "No misleading claims, fake buttons, pop-ups or automatic redirects",
  `Every ad must be suitable for players aged ${MINIMUM_AGE} and over and clearly marked as advertising`,
];

export const AD_FORMATS: Array<{ title: string; text: string; icon: LucideIcon }> = [
  {
    title: "Display placements",
    text: "Banner and sidebar placements around game pages, categories and leaderboards.",
    icon: BarChart3,
  },
  {
    title: "Sponsored games",
    text: "Feature your game on the home page carousel and in its category.",
    icon: Sparkles,
  },
  {
    title: "Brand partnerships",
    text: "Themed tournaments, custom leaderboards and branded games made with our team.",
    icon: Trophy,
  },
];
