import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeGame } from "@test/client-fixtures";
import { jsonResponse, mockApi, noContent, renderApp, signedOut, type MockRoute } from "@test/render-app";

const game = makeGame(3, {
  title: "Snake Rush",
  description: "Eat, grow, survive.",
  imageUrl: "/uploads/snake.webp",
  developer: "Arcadium",
  instructions: "Arrow keys.",
  isFeatured: true,
  featured: true,
  hot: true,
  plays: 1234,
  rating: 45,
});

const ROUTES: MockRoute[] = [
  signedOut,
  noContent,
  ["GET", "/api/categories", () => jsonResponse([])],
  [
    "GET",
    "/api/categories/action",
    () => jsonResponse({ id: 1, name: "Action", slug: "action", description: "", imageUrl: "", gameCount: 1 }),
  ],
  ["GET", "/api/games/3", () => jsonResponse(game)],
  [
    "GET",
    "/api/users/7",
    () =>
      jsonResponse({
        id: 7,
        username: "NovaBlitz",
        avatarUrl: null,
        createdAt: "2025-05-15T00:00:00.000Z",
        rank: 2,
        totalScore: 10,
        gamesPlayed: 1,
        winRate: 0,
      }),
  ],
  [
    "GET",
    "/api/users/7/stats",
    () => jsonResponse({ games: [], categories: [], achievements: [], unlockedCount: 0, totalAchievements: 10 }),
  ],
  ["GET", /^\/api\/games\/category\//, () => jsonResponse([game])],
  ["GET", "/api/games/featured", () => jsonResponse([game])],
  ["GET", "/api/games", () => jsonResponse([game], { headers: { "X-Total-Count": "1" } })],
  [
    "GET",
    "/api/collections/retro-arcade",
    () =>
      jsonResponse({
        id: 2,
        slug: "retro-arcade",
        title: "Retro Arcade",
        description: "",
        imageUrl: "",
        sortOrder: 2,
        gameCount: 1,
      }),
  ],
  ["GET", "/api/collections/retro-arcade/games", () => jsonResponse([game], { headers: { "X-Total-Count": "1" } })],
];

beforeEach(() => {
  localStorage.setItem("cookieConsent", "all");
  mockApi(ROUTES);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("routes and page titles (D1)", () => {
  it.each([
    ["/", "Arcadium - Play, Chat, Compete"],
    ["/games", "All Games - Arcadium"],
    ["/games?search=snake", "All Games - Arcadium"],
    ["/games/featured", "Featured Games - Arcadium"],
    ["/game/3", "Snake Rush - Arcadium"],
    ["/game/999", "Game Not Found - Arcadium"],
    ["/game/abc", "Game Not Found - Arcadium"],
    ["/category/action", "Action - Arcadium"],
    ["/category/new", "New Games - Arcadium"],
    ["/category/hot", "Hot Games - Arcadium"],
    ["/collection/retro-arcade", "Retro Arcade - Arcadium"],
    ["/collection/nope", "Collection Not Found - Arcadium"],
    ["/leaderboard", "Leaderboard - Arcadium"],
    ["/profile/7", "NovaBlitz - Arcadium"],
    ["/profile/8", "User Not Found - Arcadium"],
    ["/privacy-policy", "Privacy Policy - Arcadium"],
    ["/terms-of-service", "Terms of Service - Arcadium"],
    ["/cookie-policy", "Cookie Policy - Arcadium"],
    ["/responsible-gaming", "Responsible Gaming - Arcadium"],
    ["/advertise-with-us", "Advertise With Us - Arcadium"],
    ["/about", "About Us - Arcadium"],
    ["/contact", "Contact - Arcadium"],
    ["/help", "Help Center - Arcadium"],
    ["/login", "Sign In - Arcadium"],
    ["/no/such/page", "404 Page Not Found - Arcadium"],
    ["/cms", "Admin Sign In - Arcadium"],
    ["/cms/dashboard", "Dashboard - Arcadium"],
    ["/cms/games", "Games - Arcadium"],
    ["/cms/categories", "Categories - Arcadium"],
    ["/cms/collections", "Collections - Arcadium"],
    ["/cms/website-content", "Website Content - Arcadium"],
    ["/cms/users", "Users - Arcadium"],
    ["/cms/scores", "Scores - Arcadium"],
    ["/cms/reports", "Reports - Arcadium"],
    ["/cms/announcements", "Announcements - Arcadium"],
    ["/cms/audit-log", "Audit log - Arcadium"],
    ["/cms/feeds", "Feeds - Arcadium"],
    ["/cms/feeds/inbox", "Inbox - Arcadium"],
    ["/cms/feeds/inbox?feedId=2", "Inbox - Arcadium"],
    ["/cms/feeds/abc", "404 Page Not Found - Arcadium"],
    ["/cms/jobs", "Jobs - Arcadium"],
    ["/cms/system", "System - Arcadium"],
    ["/cms/backups", "Backups - Arcadium"],
    ["/cms/settings", "Settings - Arcadium"],
    ["/cms/nope", "404 Page Not Found - Arcadium"],
  ])("%s → %s", async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe("layouts", () => {
  it("unknown public paths show the not-found screen inside the public layout", async () => {
    renderApp("/games/nope");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("/cms paths have no public header or footer, and unknown ones are not-found", async () => {
    renderApp("/cms/nope");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Cookie notice" })).not.toBeInTheDocument();
  });

  it("the CMS sidebar links every admin screen (once the admin is known, D96) and logs out by full-page navigation", async () => {
    const admin = {
      id: 9,
      username: "admin",
      avatarUrl: null,
      createdAt: "2025-01-01T00:00:00.000Z",
      role: "admin",
      email: "admin@example.com",
    };
    mockApi([["GET", "/api/admin/user", () => jsonResponse(admin)], ...ROUTES]);
    renderApp("/cms/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    const hrefs = () => Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    await waitFor(() =>
      expect(hrefs()).toEqual([
        "/",
        "/cms/dashboard",
        "/cms/games",
        "/cms/build-reviews",
        "/cms/categories",
        "/cms/collections",
        "/cms/website-content",
        "/cms/users",
        "/cms/scores",
        "/cms/reports",
        "/cms/announcements",
        "/cms/settings",
        "/cms/ads",
        "/cms/audit-log",
        "/cms/feeds",
        "/cms/jobs",
        "/cms/backups",
        "/cms/system",
        "/cms/two-step",
      ]),
    );
    expect(screen.getAllByRole("link", { name: "Logout" })[0]).toHaveAttribute("href", "/api/logout");
  });

  it("home hero: tagline heading, Play Now to /games/featured and Browse Games to /games", async () => {
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Play, Chat, Compete" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Play Now" })).toHaveAttribute("href", "/games/featured");
    expect(screen.getAllByRole("link", { name: "Browse Games" })[0]).toHaveAttribute("href", "/games");
    expect(await screen.findAllByRole("link", { name: "Snake Rush" })).not.toHaveLength(0);
  });
});
