import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  type MockRoute,
} from "@test/render-app";

const signedOutNoContent: MockRoute[] = [signedOut, noContent];

function main() {
  return within(screen.getByRole("main"));
}

setUpScreenTests();

describe("policy pages (spec §2 Static pages)", () => {
  it.each([
    ["/privacy-policy", "Privacy Policy", /at least 13 years old/],
    ["/terms-of-service", "Terms of Service", /at least 30 days’ notice before any material change to these Terms/],
    ["/cookie-policy", "Cookie Policy", /Essential Only/],
    ["/responsible-gaming", "Responsible Gaming", /aged 13 and over/],
  ])("%s: heading, 'Last updated: May 15, 2025' and its text", async (path, title, text) => {
    mockApi(signedOutNoContent);
    renderApp(path);
    expect(await main().findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(main().getByText("Last updated: May 15, 2025")).toBeInTheDocument();
    expect((await main().findAllByText(text)).length).toBeGreaterThan(0);
    expect(main().getAllByRole("heading", { level: 2 }).length).toBeGreaterThanOrEqual(4);
    await waitFor(() => expect(document.title).toBe(`${title} - Arcadium`));
  });

  it("uses the site's html content for a page body as the server sends it (D40: the server sanitises it on every read)", async () => {
    mockApi([
      signedOut,
      [
        "GET",
        "/api/content",
        () =>
          jsonResponse([
            {
              id: 1,
              section: "pages",
              key: "privacy_policy",
              valueType: "html",
              value: '<h2>Our own policy</h2><p>Custom text with <a href="https://example.com/terms">a link</a></p>',
              updatedAt: "2025-05-15T00:00:00.000Z",
            },
          ]),
      ],
    ]);
    renderApp("/privacy-policy");
    expect(await main().findByRole("heading", { level: 2, name: "Our own policy" })).toBeInTheDocument();
    expect(main().getByText(/Custom text with/)).toBeInTheDocument();
    expect(main().getByRole("link", { name: "a link" })).toHaveAttribute("href", "https://example.com/terms");
    expect(main().queryByText("Information we collect")).not.toBeInTheDocument();
    expect(main().getByText("Last updated: May 15, 2025")).toBeInTheDocument();
  });

  it("uses text content as paragraphs (D40)", async () => {
    mockApi([
      signedOut,
      [
        "GET",
        "/api/content",
        () =>
          jsonResponse([
            {
              id: 2,
              section: "pages",
              key: "about",
              valueType: "text",
              value: "First <b>para</b>.\n\nSecond para.",
              updatedAt: "2025-05-15T00:00:00.000Z",
            },
          ]),
      ],
    ]);
    renderApp("/about");
    expect(await main().findByText("First <b>para</b>.")).toBeInTheDocument();
    expect(main().getByText("Second para.")).toBeInTheDocument();
  });

  it("falls back to the built-in text when content cannot be read", async () => {
    mockApi([signedOut, ["GET", "/api/content", () => jsonResponse({ message: "boom" }, { status: 500 })]]);
    renderApp("/terms-of-service");
    expect(await main().findByRole("heading", { level: 2, name: "Changes to these Terms" })).toBeInTheDocument();
  });
});

describe("Advertise With Us (spec §2)", () => {
  it("shows the audience stats and the ad policy list", async () => {
    mockApi(signedOutNoContent);
    renderApp("/advertise-with-us");
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
      expect(await main().findByText(text)).toBeInTheDocument();
    }
    const policy = main().getByRole("region", { name: "Advertising policy" });
    expect(within(policy).getByText(/No gambling/)).toBeInTheDocument();
    expect(within(policy).getByText(/No alcohol/)).toBeInTheDocument();
    expect(within(policy).getByText(/No tobacco/)).toBeInTheDocument();
  });
});

describe("About, Contact and Help (D51)", () => {
  it("About says what Arcadium is", async () => {
    mockApi(signedOutNoContent);
    renderApp("/about");
    expect(await main().findByRole("heading", { level: 1, name: "About Us" })).toBeInTheDocument();
    expect(await main().findByText(/Arcadium is an open games portal/)).toBeInTheDocument();
  });

  it("Help has the FAQ topics", async () => {
    mockApi(signedOutNoContent);
    renderApp("/help");
    for (const topic of ["Playing games", "Accounts", "Scores and leaderboards", "Chat rules", "Reporting problems"]) {
      expect(await main().findByRole("heading", { level: 2, name: topic })).toBeInTheDocument();
    }
    expect(main().getByText("What are the chat rules?")).toBeInTheDocument();
  });

  it("Contact has its form", async () => {
    mockApi(signedOutNoContent);
    renderApp("/contact");
    expect(await main().findByRole("form", { name: "Contact us" })).toBeInTheDocument();
  });
});
