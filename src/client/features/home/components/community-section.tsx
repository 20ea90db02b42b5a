import { MessageCircle, Trophy } from "lucide-react";
import type { ReactNode } from "react";

/**
 * 'Top Players This Week' (D24 period=week) beside the public chat; the screen
 * passes the leaderboard and chat features' widgets in.
 */
export function CommunitySection({ topPlayers, chat }: { topPlayers: ReactNode; chat: ReactNode }) {
  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-8">
      <section aria-labelledby="top-players-title" className="min-w-0">
        <div className="mb-5 flex items-center gap-2">
          <Trophy className="size-6 text-amber-500" aria-hidden="true" />
          <h2 id="top-players-title" className="text-2xl font-bold tracking-tight">
            Top Players This Week
          </h2>
        </div>
        {topPlayers}
      </section>
      <section aria-labelledby="chat-title" className="min-w-0">
        <div className="mb-5 flex items-center gap-2">
          <MessageCircle className="size-6 text-primary" aria-hidden="true" />
          <h2 id="chat-title" className="text-2xl font-bold tracking-tight">
            Community Chat
          </h2>
        </div>
        {chat}
      </section>
    </div>
  );
}
