import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi } from "@test/render-app";
import { resetAccountConsentSync, syncAccountConsent } from "./account-consent";
import { CONSENT_PURPOSES_KEY, COOKIE_CONSENT_KEY, hasConsent, storeConsent } from "./cookie-consent";

const T_ACCOUNT = "2030-01-01T00:00:00.000Z";

function account(choice: { statistics: boolean; advertising: boolean } | null) {
  const puts: unknown[] = [];
  mockApi([
    ["GET", "/api/me/consent", () => jsonResponse({ choice, decidedAt: choice ? T_ACCOUNT : null })],
    [
      "PUT",
      "/api/me/consent",
      ({ body }) => {
        puts.push(body);
        return jsonResponse({ choice: body, decidedAt: "2031-01-01T00:00:00.000Z" });
      },
    ],
  ]);
  return puts;
}

describe("the account's cookie choice (D150)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    resetAccountConsentSync();
  });

  it("a browser without a choice takes the account's", async () => {
    const puts = account({ statistics: true, advertising: false });
    await syncAccountConsent(1);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("custom");
    expect(hasConsent("statistics")).toBe(true);
    expect(hasConsent("advertising")).toBe(false);
    expect(JSON.parse(localStorage.getItem(CONSENT_PURPOSES_KEY)!).at).toBe(Date.parse(T_ACCOUNT));
    expect(puts).toEqual([]);
  });

  it("the account's later choice replaces the browser's earlier one (an old 'all' counts as earliest)", async () => {
    account({ statistics: false, advertising: false });
    localStorage.setItem(COOKIE_CONSENT_KEY, "all");
    await syncAccountConsent(2);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("essential");
  });

  it("the browser's later choice is saved on the account", async () => {
    const puts = account({ statistics: false, advertising: false });
    storeConsent({ statistics: true, advertising: true }, Date.parse(T_ACCOUNT) + 1000);
    await syncAccountConsent(3);
    expect(puts).toEqual([{ statistics: true, advertising: true }]);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("all");
    // the browser takes the server's time of the saved choice
    expect(JSON.parse(localStorage.getItem(CONSENT_PURPOSES_KEY)!).at).toBe(Date.parse("2031-01-01T00:00:00.000Z"));
  });

  it("an account without a choice gets the browser's; nothing on either side changes nothing", async () => {
    let puts = account(null);
    await syncAccountConsent(4);
    expect(puts).toEqual([]);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull();
    resetAccountConsentSync();
    puts = account(null);
    localStorage.setItem(COOKIE_CONSENT_KEY, "essential");
    await syncAccountConsent(4);
    expect(puts).toEqual([{ statistics: false, advertising: false }]);
  });

  it("a read answered 204 (signed out meanwhile) changes and saves nothing", async () => {
    storeConsent({ statistics: true, advertising: true }, Date.parse("2029-01-01T00:00:00.000Z"));
    const puts: unknown[] = [];
    mockApi([
      ["GET", "/api/me/consent", () => new Response(null, { status: 204 })],
      ["PUT", "/api/me/consent", ({ body }) => (puts.push(body), jsonResponse({}))],
    ]);
    await syncAccountConsent(1);
    expect(puts).toEqual([]);
    expect(hasConsent("advertising")).toBe(true);
  });

  it("asks once per page and player, and a failed read changes nothing", async () => {
    const api = mockApi([["GET", "/api/me/consent", () => jsonResponse({ message: "boom" }, { status: 500 })]]);
    localStorage.setItem(COOKIE_CONSENT_KEY, "essential");
    await syncAccountConsent(5);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("essential");
    account({ statistics: true, advertising: true });
    await syncAccountConsent(5); // the failed one is tried again
    await syncAccountConsent(5);
    expect(vi.mocked(fetch).mock.calls.filter(([u]) => String(u).includes("/api/me/consent"))).toHaveLength(1);
    expect(api).toHaveBeenCalledTimes(1);
  });
});
