import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { COOKIE_CONSENT_KEY } from "@/lib/cookie-consent";
import { CookieNotice } from "./cookie-notice";

function renderNotice() {
  const { hook } = memoryLocation({ path: "/" });
  return render(
    <Router hook={hook}>
      <CookieNotice />
    </Router>,
  );
}

const notice = () => screen.queryByRole("region", { name: "Cookie notice" });

describe("CookieNotice (spec §2)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("shows while no consent is stored", () => {
    renderNotice();
    expect(notice()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept All" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Essential Only" })).toBeInTheDocument();
  });

  it("'Accept All' stores all and hides the notice for good", () => {
    const first = renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Accept All" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("all");
    expect(notice()).not.toBeInTheDocument();
    first.unmount();
    renderNotice();
    expect(notice()).not.toBeInTheDocument();
  });

  it("'Essential Only' stores essential", () => {
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Essential Only" }));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe("essential");
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
});
