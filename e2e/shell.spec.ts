import { acceptCookies, expect, test } from "./fixtures";

test.describe("site shell (issue 2)", () => {
  test("home shows the seeded games and the product title (D1)", async ({ page, api, consoleErrors }) => {
    await acceptCookies(page);
    const games = await api.games();
    expect(games.length).toBeGreaterThanOrEqual(3);
    await page.goto("/");
    await expect(page).toHaveTitle("Arcadium - Play, Chat, Compete");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Play, Chat, Compete");
    for (const g of games.slice(0, 3)) {
      await expect(page.getByRole("link", { name: g.title }).first()).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });

  test("an unknown path answers 404 (D70) and shows the not-found screen", async ({ page }) => {
    await acceptCookies(page);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page).toHaveTitle("404 Page Not Found - Arcadium");
  });

  test("every route of the table renders its title (D1, D50, D51)", async ({ page, api }) => {
    // Eighteen page loads: about 1.5 s each on a busy 2-core machine, more than the default 30 s in all.
    test.setTimeout(90_000);
    await acceptCookies(page);
    const [game] = await api.games();
    const routes: Array<[string, string | RegExp]> = [
      ["/games", "All Games - Arcadium"],
      ["/games/featured", "Featured Games - Arcadium"],
      [`/game/${game.id}`, `${game.title} - Arcadium`],
      ["/category/action", "Action - Arcadium"],
      ["/category/new", "New Games - Arcadium"],
      ["/category/hot", "Hot Games - Arcadium"],
      ["/leaderboard", "Leaderboard - Arcadium"],
      ["/privacy-policy", "Privacy Policy - Arcadium"],
      ["/terms-of-service", "Terms of Service - Arcadium"],
      ["/cookie-policy", "Cookie Policy - Arcadium"],
      ["/responsible-gaming", "Responsible Gaming - Arcadium"],
      ["/advertise-with-us", "Advertise With Us - Arcadium"],
      ["/about", "About Us - Arcadium"],
      ["/contact", "Contact - Arcadium"],
      ["/help", "Help Center - Arcadium"],
      ["/login", "Sign In - Arcadium"],
      ["/game/987654", "Game Not Found - Arcadium"],
      ["/cms/nothing", "404 Page Not Found - Arcadium"],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test("CMS screens have no public header or footer", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/cms");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test.describe("cookie notice (spec §2)", () => {
    test("'Accept All' stores all and the notice stays away", async ({ page }) => {
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Cookie notice" });
      await expect(notice).toBeVisible();
      await notice.getByRole("button", { name: "Accept All" }).click();
      await expect(notice).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("all");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
    });

    test("'Essential Only' stores essential", async ({ page }) => {
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Cookie notice" });
      await notice.getByRole("button", { name: "Essential Only" }).click();
      await expect(notice).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBe("essential");
    });

    test("the close icon hides it for this visit only and stores nothing", async ({ page }) => {
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Cookie notice" });
      await notice.getByRole("button", { name: "Close" }).click();
      await expect(notice).toBeHidden();
      // Still hidden while navigating within the visit …
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
      await expect(page).toHaveURL(/\/leaderboard$/);
      await expect(page.getByRole("region", { name: "Cookie notice" })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("cookieConsent"))).toBeNull();
      // … and back on the next visit.
      await page.reload();
      await expect(page.getByRole("region", { name: "Cookie notice" })).toBeVisible();
    });
  });

  test("the theme starts light, can be set to dark and survives a reload", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Change theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("arcadium-theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("'system' follows the device preference", async ({ page }) => {
    await acceptCookies(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.addInitScript(() => localStorage.setItem("arcadium-theme", "system"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("below 768 px a toggle reveals the four links and a search box", async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Toggle menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Home", "Categories", "New Games", "Leaderboards"]) {
      await expect(mobile.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(
      page
        .getByRole("searchbox")
        .or(page.getByPlaceholder(/search/i))
        .last(),
    ).toBeVisible();
    await toggle.click();
    await expect(mobile).toBeHidden();
  });

  test("signed out, the header offers Sign In and a guest avatar", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(
      header
        .getByRole("link", { name: "Sign In" })
        .or(header.getByRole("button", { name: "Sign In" }))
        .first(),
    ).toBeVisible();
    await expect(header.getByText("GU", { exact: true })).toBeVisible();
  });

  test("the header search goes to All Games with the query (D52)", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("searchbox").first();
    await search.fill("racer");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/games\?search=racer/);
  });

  test("after scrolling more than 10 px the header gets a bordered background", async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/");
    const header = page.getByRole("banner");
    const before = await header.evaluate((el) => getComputedStyle(el).backdropFilter);
    await page.mouse.wheel(0, 400);
    await expect.poll(async () => header.evaluate((el) => getComputedStyle(el).backdropFilter)).not.toBe(before);
  });
});
