import { act, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { AppProviders } from "@/app/providers/app-providers";
import { userKeys } from "@/features/profile/api/get-user-profile";
import { createQueryClient } from "@/lib/query-client";
import { jsonResponse, mockApi, noContent, setUpScreenTests, signedInAs } from "@test/render-app";
import { ProfileScreen } from "./profile";

/** D70: the server renders a restricted profile as a signed-out visitor sees it; the browser hydrates it as is. */

const user = { id: 7, username: "turbotiger", avatarUrl: null, createdAt: "2025-05-15T12:00:00.000Z" };
const profile = {
  ...user,
  rank: 3,
  totalScore: 12_345,
  gamesPlayed: 21,
  winRate: 48,
  visibility: "friends",
  restricted: false,
};
const restricted = {
  ...user,
  createdAt: null,
  rank: null,
  totalScore: null,
  gamesPlayed: null,
  winRate: null,
  visibility: "friends",
  restricted: true,
};
const stats = { games: [], categories: [], achievements: [], unlockedCount: 0, totalAchievements: 10 };

setUpScreenTests();

describe("Profile hydration (D70, D87)", () => {
  it("D70, D87: hydrating the server's restricted render matches it, then shows the friend's full view", async () => {
    mockApi([
      signedInAs({ id: 1, username: "me" }),
      noContent,
      ["GET", "/api/users/7", () => jsonResponse(profile)],
      ["GET", "/api/users/7/stats", () => jsonResponse(stats)],
      [
        "GET",
        "/api/friends/7",
        () =>
          jsonResponse({
            friends: true,
            incoming: false,
            outgoing: false,
            blocked: false,
            presence: { status: "offline" },
          }),
      ],
    ]);
    const seeded = () => {
      const qc = createQueryClient();
      qc.setQueryData(userKeys.detail(7), restricted);
      qc.setQueryData(["content"], {});
      return qc;
    };
    window.history.replaceState(null, "", "/profile/7");
    const tree = (qc: ReturnType<typeof createQueryClient>) => (
      <AppProviders queryClient={qc}>
        <Router ssrPath="/profile/7">
          <ProfileScreen id="7" />
        </Router>
      </AppProviders>
    );
    const html = renderToString(tree(seeded()));
    expect(html).toContain("Only turbotiger&#x27;s friends can see their profile");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree(seeded()), { onRecoverableError: (e) => void errors.push(e) });
    });
    await waitFor(() => expect(container.textContent).toContain("Rank #3"));
    expect(container.querySelector('[data-testid="profile-restricted"]')).toBeNull();
    expect(errors).toEqual([]);
    container.remove();
    window.history.replaceState(null, "", "/");
  });
});
