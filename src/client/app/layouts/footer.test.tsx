import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders, signedOut } from "@test/render-app";
import { CookieNotice } from "./cookie-notice";
import { Footer, PARTNER_DATA_URL } from "./footer";

beforeEach(() => resetToasts());
afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

function subscribe(email: string) {
  const input = screen.getByLabelText("Newsletter email address");
  fireEvent.change(input, { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
}

describe("Footer (spec §2)", () => {
  it("D150: 'Cookie settings' reopens the cookie choice after it was made, focus returning to it on close", async () => {
    mockApi([signedOut, ["GET", "/api/content", () => jsonResponse([])]]);
    localStorage.setItem("cookieConsent", "all");
    renderWithProviders(
      <>
        <Footer />
        <CookieNotice />
      </>,
    );
    const legal = screen.getByRole("navigation", { name: "Legal" });
    const button = within(legal).getByRole("button", { name: "Cookie settings" });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(within(dialog).getByRole("switch", { name: "Statistics" })).toHaveAttribute("aria-checked", "true");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    localStorage.clear();
  });

  it("links the pages, the six categories and the partner data page; copyright 2025", () => {
    mockApi([signedOut]);
    renderWithProviders(<Footer />);
    const footer = screen.getByRole("contentinfo");
    for (const href of [
      "/about",
      "/contact",
      "/help",
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/responsible-gaming",
      "/advertise-with-us",
    ]) {
      expect(footer.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
    const categories = within(screen.getByRole("navigation", { name: "Categories" })).getAllByRole("link");
    expect(categories.map((a) => a.getAttribute("href"))).toEqual([
      "/category/action",
      "/category/adventure",
      "/category/puzzle",
      "/category/strategy",
      "/category/racing",
      "/category/sports",
    ]);
    const partner = screen.getByRole("link", { name: /ad partners use data/ });
    expect(partner).toHaveAttribute("href", PARTNER_DATA_URL);
    expect(partner).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("© 2025 Arcadium. All rights reserved.")).toBeInTheDocument();
    // social icons are labelled, not links
    const socials = within(screen.getByRole("list", { name: "Social media" })).getAllByRole("img");
    expect(socials.length).toBeGreaterThan(0);
    for (const s of socials) expect(s.closest("a")).toBeNull();
  });

  it("subscribes with POST /api/newsletter and thanks the visitor (D53)", async () => {
    const fetch = mockApi([signedOut, ["POST", "/api/newsletter", () => jsonResponse({ message: "Subscribed" })]]);
    renderWithProviders(<Footer />);
    subscribe("player@example.com");
    expect(await screen.findByText("Thanks for subscribing!")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => String(u) === "/api/newsletter");
    expect(call?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "player@example.com" });
    expect(screen.getByLabelText("Newsletter email address")).toHaveValue("");
  });

  it("shows the server's message when subscribing fails", async () => {
    mockApi([
      signedOut,
      [
        "POST",
        "/api/newsletter",
        () => jsonResponse({ message: "Please enter a valid email address" }, { status: 400 }),
      ],
    ]);
    renderWithProviders(<Footer />);
    subscribe("bad@x");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.queryByText("Thanks for subscribing!")).not.toBeInTheDocument();
  });
});
