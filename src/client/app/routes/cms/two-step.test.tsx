import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@test/render-app";

const ADMIN = { id: 9, username: "admin", avatarUrl: null, createdAt: "2025-01-01T00:00:00.000Z", role: "admin", email: "admin@example.com" };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

afterEach(() => vi.unstubAllGlobals());

describe("/cms/two-step (issue 17)", () => {
  it("set-up: QR code and key, a wrong first code is explained, the right one shows the recovery codes once", async () => {
    let enabled = false;
    let confirmCalls = 0;
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/two-step", () => jsonResponse({ enabled, required: false, mustEnrol: false, recoveryCodesLeft: enabled ? 10 : 0 })],
      [
        "POST",
        "/api/admin/two-step/setup",
        () => jsonResponse({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/x", qrCode: "data:image/svg+xml;base64,PHN2Zy8+" }),
      ],
      [
        "POST",
        "/api/admin/two-step/confirm",
        () => {
          confirmCalls++;
          if (confirmCalls === 1) return jsonResponse({ message: "That code is not right." }, { status: 400 });
          enabled = true;
          return jsonResponse({ recoveryCodes: CODES, message: "on" });
        },
      ],
    ]);
    renderApp("/cms/two-step");
    fireEvent.click(await screen.findByRole("button", { name: "Set up an authenticator app" }));
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute("src", "data:image/svg+xml;base64,PHN2Zy8+");
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    const input = screen.getByLabelText("2. Enter the code the app shows");
    fireEvent.change(input, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(await screen.findByText("Enter the 6-digit code your app shows")).toBeInTheDocument();
    fireEvent.change(input, { target: { value: "111111" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(await screen.findByText("That code is not right.")).toBeInTheDocument();
    fireEvent.change(input, { target: { value: "222222" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(await screen.findByRole("heading", { name: "Your recovery codes" })).toBeInTheDocument();
    for (const c of CODES) expect(screen.getByText(c)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    await waitFor(() => expect(screen.queryByText(CODES[0])).not.toBeInTheDocument());
    expect(await screen.findByText("10 unused recovery codes left.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Turn off two-step sign-in" })).toBeInTheDocument();
  });

  it("D106: an admin who must enrol is walked through it and then goes on into the CMS", async () => {
    let enabled = false;
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      ["GET", "/api/admin/two-step", () => jsonResponse({ enabled, required: true, mustEnrol: !enabled, recoveryCodesLeft: enabled ? 10 : 0 })],
      [
        "POST",
        "/api/admin/two-step/setup",
        () => jsonResponse({ secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/x", qrCode: "data:image/svg+xml;base64,PHN2Zy8+" }),
      ],
      [
        "POST",
        "/api/admin/two-step/confirm",
        () => {
          enabled = true;
          return jsonResponse({ recoveryCodes: CODES, message: "on" });
        },
      ],
      ["GET", "/api/admin/dashboard", () => jsonResponse({ counts: { games: 3, categories: 2, users: 1, admins: 1, plays: 0, reviews: 0 } })],
    ]);
    const { location } = renderApp("/cms/dashboard");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/two-step"));
    expect(await screen.findByRole("heading", { name: "Set up two-step sign-in to continue" })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Set up an authenticator app" }));
    fireEvent.change(await screen.findByLabelText("2. Enter the code the app shows"), { target: { value: "222222" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(await screen.findByRole("heading", { name: "Your recovery codes" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them, continue to the CMS" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/dashboard"));
  });
});
