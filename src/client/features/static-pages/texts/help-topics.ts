import { Flag, Gamepad2, MessageSquare, Trophy, UserRound, type LucideIcon } from "lucide-react";
import type { Inline, RichText } from "../rich-text";
import { MINIMUM_AGE } from "./site-rules";

/** An answer: a plain paragraph, runs of text with links, or a bulleted list. */
export type FaqAnswer = string | readonly Inline[] | { ul: readonly RichText[] };
export type Faq = { q: string; a: FaqAnswer };
/** A Help Center topic; `id` is its anchor (the Terms link to '/help#chat-rules'). */
export type FaqTopic = { id: string; title: string; icon: LucideIcon; items: readonly Faq[] };

/** The Help Center's questions and answers for the site's name (D40 'site.name'). */
export function helpTopics(name: string): FaqTopic[] {
  return [
    {
      id: "playing",
      title: "Playing games",
      icon: Gamepad2,
      items: [
        {
          q: "How do I start a game?",
          a: [
            "Open any game from the home page, ",
            { link: "/games", text: "All Games" },
            " or a category, then press ‘Play Now’. The game loads right on the page; use the fullscreen button for more room and the reload button to start over.",
          ],
        },
        {
          q: "What are the controls?",
          a: "Each game explains its controls on its 'How to Play' tab. Most games work with a keyboard (arrow keys or WASD, and Space), a mouse, or touch on phones and tablets.",
        },
        {
          q: "Do I need to download or pay for anything?",
          a: `No. Every game on ${name} runs in your browser and is free to play.`,
        },
        {
          q: "What does 'AI-powered' mean?",
          a: "Some games have a computer opponent that reacts to your moves, so you can play a proper match without waiting for another player.",
        },
      ],
    },
    {
      id: "accounts",
      title: "Accounts",
      icon: UserRound,
      items: [
        {
          q: "Do I need an account?",
          a: "No, you can play every game without one. With a free account you can save your scores, appear on the leaderboards, write reviews and chat.",
        },
        {
          q: "How do I create an account?",
          a: [
            "Go to ",
            { link: "/login?tab=register", text: "Register" },
            ", choose a username (3 to 20 letters, digits or _) and a password of at least 8 characters that is not one of the most common passwords. An email address is optional. If the site offers it, you can also continue with Google. You must be at least ",
            MINIMUM_AGE,
            " years old.",
          ],
        },
        {
          q: "I can't sign in.",
          a: "Check that Caps Lock is off and try your email address instead of your username if you gave one. After too many failed attempts, sign-in is paused for a few minutes to protect your account.",
        },
        {
          q: "How do I delete my account?",
          a: [
            "Send us a message through the ",
            { link: "/contact", text: "Contact" },
            " page from the email address on your account, or tell us your username; we will confirm and delete it.",
          ],
        },
      ],
    },
    {
      id: "scores",
      title: "Scores and leaderboards",
      icon: Trophy,
      items: [
        {
          q: "How are my scores saved?",
          a: "When you finish a game while signed in, the game sends your score to your account. If you are signed out, you can play but the score is not stored.",
        },
        {
          q: "How is the leaderboard calculated?",
          a: [
            "Your total score is the sum of your best score in each game. ‘Top Players This Week’ counts only this week’s scores; the ",
            { link: "/leaderboard", text: "Leaderboard" },
            " page shows all time. Win rate is the share of games you won among those that report wins.",
          ],
        },
        {
          q: "A score looks wrong or was removed.",
          a: "We remove scores that look manipulated. If you think we made a mistake, contact us with the game and the time you played.",
        },
      ],
    },
    {
      id: "chat-rules",
      title: "Chat rules",
      icon: MessageSquare,
      items: [
        {
          q: "What are the chat rules?",
          a: {
            ul: [
              "Be kind: no insults, harassment, hate speech or threats.",
              ["Keep it suitable for everyone aged ", MINIMUM_AGE, " and over."],
              "No spam, advertising or flooding (there is a limit of 5 messages per 10 seconds).",
              "Never share personal information: yours or anyone else’s.",
              "No cheating tips that break games or the leaderboards.",
            ],
          },
        },
        {
          q: "What happens if someone breaks the rules?",
          a: "Moderators can delete messages, and accounts that keep breaking the rules are suspended or closed.",
        },
      ],
    },
    {
      id: "reporting",
      title: "Reporting problems",
      icon: Flag,
      items: [
        {
          q: "A game doesn't load or work.",
          a: "Try the reload button, then reload the page. Make sure your browser is up to date and that extensions are not blocking the game. If it still fails, tell us the game, your browser and device.",
        },
        {
          q: "How do I report a player, a message or a review?",
          a: [
            "Use the ",
            { link: "/contact", text: "Contact" },
            " page with the subject ‘Report’. Include the username, where you saw it and roughly when. Our moderators review every report.",
          ],
        },
        {
          q: "I found a security problem.",
          a: "Please tell us privately through the Contact page before sharing it anywhere else, and do not access other people's data.",
        },
      ],
    },
  ];
}
