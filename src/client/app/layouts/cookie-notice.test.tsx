import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetAccountConsentSync } from "@/lib/account-consent";
import {
  CONSENT_PURPOSES_KEY,
  COOKIE_CONSENT_KEY,
  hasConsent,
  onConsentChange,
  openConsentSettings,
} from "@/lib/cookie-consent";
import { jsonResponse, mockApi, noContent, renderWithProviders, signedInAs, signedOut } from "@test/render-app";
import { CookieNotice } from "./cookie-notice";

const renderNotice = () => renderWithProviders(<CookieNotice />);
const notice = () => screen.queryByRole("region", { name: "Cookie notice" });
const purposes = () => JSON.parse(localStorage.getItem(CONSENT_PURPOSES_KEY) ?? "null");

describe("CookieNotice (spec §2, D150)", () => {
  beforeEach(() => {
    localStorage.clear();
    mockApi([signedOut, noContent]);
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    resetAccountConsentSync();
  });

  it("shows while no consent is stored", () => {
    renderNotice();
    expect(notice()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept All" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Essential Only" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Customize" })).toBeInTheDocument();
    expect(hasConsent("statistics")).toBe(false);
    expect(hasConsent("advertising")).toBe(false);
  });

  it("'Accept All' stores all (both purposes on) and hides the notice for good", () => {
    const heard = vi.fn();
    const stop = onConsentChange(heard);
    const first = renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Accept All" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("all");
    expect(purposes()).toMatchObject({ statistics: true, advertising: true });
    expect(hasConsent("statistics") && hasConsent("advertising")).toBe(true);
    expect(heard).toHaveBeenCalledWith({ statistics: true, advertising: true });
    stop();
    expect(notice()).not.toBeInTheDocument();
    first.unmount();
    renderNotice();
    expect(notice()).not.toBeInTheDocument();
  });

  it("'Essential Only' stores essential (both purposes off)", () => {
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Essential Only" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("essential");
    expect(purposes()).toMatchObject({ statistics: false, advertising: false });
    expect(hasConsent("statistics") || hasConsent("advertising")).toBe(false);
    expect(notice()).not.toBeInTheDocument();
  });

  it("the close icon hides it for this visit only and stores nothing", () => {
    const first = renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(notice()).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    first.unmount();
    renderNotice(); // next visit
    expect(notice()).toBeInTheDocument();
  });

  it("stays hidden when consent was stored earlier, and ignores an unknown stored value", () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, "essential");
    const first = renderNotice();
    expect(notice()).not.toBeInTheDocument();
    first.unmount();
    localStorage.setItem(COOKIE_CONSENT_KEY, "maybe");
    renderNotice();
    expect(notice()).toBeInTheDocument();
  });

  it("migrates the earlier values: all → both purposes on, essential → both off, as made at time 0", () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, "all");
    expect(hasConsent("statistics")).toBe(true);
    expect(hasConsent("advertising")).toBe(true);
    expect(purposes()).toEqual({ statistics: true, advertising: true, at: 0 });
    localStorage.removeItem(CONSENT_PURPOSES_KEY);
    localStorage.setItem(COOKIE_CONSENT_KEY, "essential");
    expect(hasConsent("statistics")).toBe(false);
    expect(hasConsent("advertising")).toBe(false);
    expect(purposes()).toEqual({ statistics: false, advertising: false, at: 0 });
    // "custom" without its purposes is no choice: the notice asks again
    localStorage.removeItem(CONSENT_PURPOSES_KEY);
    localStorage.setItem(COOKIE_CONSENT_KEY, "custom");
    renderNotice();
    expect(notice()).toBeInTheDocument();
  });

  it("'Customize' opens the settings; focus moves into it; each switch is a labelled button; 'Save choices' stores the mix", async () => {
    renderNotice();
    const customize = screen.getByRole("button", { name: "Customize" });
    expect(customize).toHaveAttribute("aria-haspopup", "dialog");
    fireEvent.click(customize);
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const necessary = within(dialog).getByRole("switch", { name: "Necessary" });
    expect(necessary).toBeDisabled();
    expect(necessary).toHaveAttribute("aria-checked", "true");
    const statistics = within(dialog).getByRole("switch", { name: "Statistics" });
    const advertising = within(dialog).getByRole("switch", { name: "Advertising" });
    // native buttons: Space and Enter work without a handler of ours (the e2e test presses them)
    expect(statistics.tagName).toBe("BUTTON");
    expect(statistics).toHaveAccessibleDescription(/Counting visits/);
    expect(statistics).toHaveAttribute("aria-checked", "false");
    expect(advertising).toHaveAttribute("aria-checked", "false");
    fireEvent.click(statistics);
    expect(statistics).toHaveAttribute("aria-checked", "true");
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull(); // nothing stored before saving
    fireEvent.click(within(dialog).getByRole("button", { name: "Save choices" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("custom");
    expect(purposes()).toMatchObject({ statistics: true, advertising: false });
    expect(hasConsent("statistics")).toBe(true);
    expect(hasConsent("advertising")).toBe(false);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(notice()).not.toBeInTheDocument();
  });

  it("Escape closes the settings and stores nothing; the notice stays", async () => {
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Customize" }));
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    expect(notice()).toBeInTheDocument();
  });

  it("the dialog's 'Accept All' and 'Essential Only' store all and essential", async () => {
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Customize" }));
    let dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept All" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("all");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    act(() => openConsentSettings());
    dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    // the switches start from the stored choice
    expect(within(dialog).getByRole("switch", { name: "Advertising" })).toHaveAttribute("aria-checked", "true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Essential Only" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("essential");
  });

  it("the footer's request reopens the settings after a choice was made", async () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, "essential");
    renderNotice();
    expect(notice()).not.toBeInTheDocument();
    act(() => openConsentSettings());
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(within(dialog).getByRole("switch", { name: "Statistics" })).toHaveAttribute("aria-checked", "false");
  });

  it("a signed-in player's choice is saved on the account", async () => {
    const saved: unknown[] = [];
    mockApi([
      signedInAs({ id: 7, username: "ada" }),
      noContent,
      ["GET", "/api/me/consent", () => jsonResponse({ choice: null, decidedAt: null })],
      [
        "PUT",
        "/api/me/consent",
        ({ body }) => {
          saved.push(body);
          return jsonResponse({ choice: body, decidedAt: "2030-01-01T00:00:00.000Z" });
        },
      ],
    ]);
    const api = vi.mocked(fetch);
    renderNotice();
    // the notice renders before the session is known; wait for it so the choice is the signed-in player's
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).includes("/api/auth/session"))).toBe(true));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    fireEvent.click(screen.getByRole("button", { name: "Essential Only" }));
    await waitFor(() => expect(saved).toEqual([{ statistics: false, advertising: false }]));
    // the browser takes the server's time of the choice
    await waitFor(() => expect(purposes().at).toBe(Date.parse("2030-01-01T00:00:00.000Z")));
  });
});
