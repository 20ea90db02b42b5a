import type { Page } from "@playwright/test";
import { acceptCookies, expect, test } from "./fixtures";

/** The static pages (D51). */

const main = (page: Page) => page.getByRole("main");

const POLICIES: Array<{ path: string; title: string; texts: RegExp[] }> = [
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    texts: [/at least 13 years old to create an account/, /never sell your personal information/],
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service",
    texts: [
      /at least 13 years old to use/,
      /at least 30 days’ notice before any material change to these Terms takes effect/,
    ],
  },
  { path: "/cookie-policy", title: "Cookie Policy", texts: [/‘Essential Only’/, /cookieConsent/] },
  { path: "/responsible-gaming", title: "Responsible Gaming", texts: [/aged 13 and over/, /Take a break/] },
];

test.describe("static pages", () => {
  for (const p of POLICIES) {
    test(`${p.title}: 'Last updated: May 15, 2025' and its text`, async ({ page, consoleErrors }) => {
      await acceptCookies(page);
      await page.goto(p.path);
      await expect(page).toHaveTitle(`${p.title} - Arcadium`);
      await expect(main(page).getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      await expect(main(page).getByText("Last updated: May 15, 2025")).toBeVisible();
      for (const text of p.texts)
        await expect(main(page).getByText(text).filter({ visible: true }).first()).toBeVisible();
      expect(await main(page).getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(4);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("Advertise With Us: audience stats, ad policy and the enquiry form", async ({ page, consoleErrors }) => {
    await acceptCookies(page);
    await page.goto("/advertise-with-us");
    await expect(page).toHaveTitle("Advertise With Us - Arcadium");
    for (const text of [
      "1M+",
      "Monthly Users",
      "5M+",
      "Games Played Monthly",
      "18-34",
      "Core Age Group",
      "12min",
      "Average Session",
    ]) {
      await expect(main(page).getByText(text, { exact: true })).toBeVisible();
    }
    const policy = main(page).getByRole("region", { name: "Advertising policy" });
    await expect(policy.getByText(/gambling/)).toBeVisible();
    await expect(policy.getByText(/alcohol/)).toBeVisible();
    await expect(policy.getByText(/tobacco/)).toBeVisible();

    const form = page.getByRole("form", { name: "Advertising enquiry" });
    await expect(form.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await form.getByLabel("Company Name").fill("Acme Games");
    await form.getByLabel("Email Address").fill("ads@acme.example");
    await form.getByLabel(/Website/).fill("https://acme.example");
    await form.getByRole("combobox", { name: /Estimated Budget/ }).click();
    await page.getByRole("option", { name: "$5,000 - $20,000" }).click();
    await form.getByLabel(/Campaign Goals/).fill("Launch our new puzzle game to players aged 18-34.");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(
      page.getByText("Thanks! Our team will contact you within 2 business days.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("Company Name")).toHaveValue("");
    expect(consoleErrors).toEqual([]);
  });

  test("Advertise With Us: an invalid email shows an error by the field", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/advertise-with-us");
    const form = page.getByRole("form", { name: "Advertising enquiry" });
    await form.getByLabel("Company Name").fill("Acme Games");
    await form.getByLabel("Email Address").fill("not-an-email");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    const email = form.getByLabel("Email Address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(email).toBeFocused();
  });

  test("the server validates the enquiry's email too (D53)", async ({ request }) => {
    const res = await request.post("/api/advertise", { data: { companyName: "Acme", email: "nope" } });
    expect(res.status()).toBe(400);
    expect((await res.json()).errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "email" })]));
  });

  test("Contact: the form sends and toasts; an invalid email shows an error", async ({ page, consoleErrors }) => {
    await acceptCookies(page);
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact - Arcadium");
    const form = page.getByRole("form", { name: "Contact us" });
    await form.getByLabel("Name").fill("Ada");
    await form.getByLabel("Email").fill("ada@example");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription(/Message is required/);

    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel(/Subject/).fill("Hello");
    await form.getByLabel("Message").fill("I love the games!");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Thanks for your message! We will get back to you soon.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveValue("");
    expect(consoleErrors).toEqual([]);
  });

  test("About and Help", async ({ page }) => {
    await acceptCookies(page);
    await page.goto("/about");
    await expect(page).toHaveTitle("About Us - Arcadium");
    await expect(main(page).getByText(/Arcadium is an open games portal/)).toBeVisible();

    await page.goto("/help");
    await expect(page).toHaveTitle("Help Center - Arcadium");
    for (const topic of ["Playing games", "Accounts", "Scores and leaderboards", "Chat rules", "Reporting problems"]) {
      await expect(main(page).getByRole("heading", { level: 2, name: topic })).toBeVisible();
    }
    // FAQ answers open by keyboard.
    const question = main(page).getByText("What are the chat rules?");
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(main(page).getByText(/No spam, advertising or flooding/)).toBeVisible();
  });

  test("static pages fit a 375 px screen", async ({ page }) => {
    await acceptCookies(page);
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/responsible-gaming",
      "/advertise-with-us",
      "/about",
      "/contact",
      "/help",
    ]) {
      await page.goto(path);
      await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
