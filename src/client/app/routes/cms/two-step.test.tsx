import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TWO_STEP_TEXTS } from "@contract/two-step-constants";
import { jsonResponse, mockApi, renderApp, type MockRequest } from "@test/render-app";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

afterEach(() => vi.unstubAllGlobals());

describe("/cms/two-step (issue 17)", () => {
  it("set-up: QR code and key, a wrong first code is explained, the right one shows the recovery codes once", async () => {
    let enabled = false;
    let confirmCalls = 0;
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      [
        "GET",
        "/api/admin/two-step",
        () => jsonResponse({ enabled, required: false, mustEnrol: false, recoveryCodesLeft: enabled ? 10 : 0 }),
      ],
      [
        "POST",
        "/api/admin/two-step/setup",
        () =>
          jsonResponse({
            secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
            otpauthUrl: "otpauth://totp/x",
            qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
          }),
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
    expect(
      await screen.findByText("Anyone who can read your mailbox can sign in to the CMS as you."),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Set up an authenticator app" }));
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute(
      "src",
      "data:image/svg+xml;base64,PHN2Zy8+",
    );
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
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
      [
        "GET",
        "/api/admin/two-step",
        () => jsonResponse({ enabled, required: true, mustEnrol: !enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      ],
      [
        "POST",
        "/api/admin/two-step/setup",
        () =>
          jsonResponse({
            secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
            otpauthUrl: "otpauth://totp/x",
            qrCode: "data:image/svg+xml;base64,PHN2Zy8+",
          }),
      ],
      [
        "POST",
        "/api/admin/two-step/confirm",
        () => {
          enabled = true;
          return jsonResponse({ recoveryCodes: CODES, message: "on" });
        },
      ],
      [
        "GET",
        "/api/admin/dashboard",
        () => jsonResponse({ counts: { games: 3, categories: 2, users: 1, admins: 1, plays: 0, reviews: 0 } }),
      ],
    ]);
    const { location } = renderApp("/cms/dashboard");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/two-step"));
    expect(await screen.findByRole("heading", { name: "Set up two-step sign-in to continue" })).toBeInTheDocument();
    // the emailed code alone opens nothing here: the card says so, not that a mailbox is enough
    expect(await screen.findByText(TWO_STEP_TEXTS.offRequired)).toBeInTheDocument();
    expect(screen.queryByText(/Anyone who can read your mailbox/)).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Set up an authenticator app" }));
    // leaving the set-up is not possible here, only starting it again
    expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Start over" }));
    fireEvent.click(await screen.findByRole("button", { name: "Set up an authenticator app" }));
    fireEvent.change(await screen.findByLabelText("2. Enter the code the app shows"), { target: { value: "222222" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(await screen.findByRole("heading", { name: "Your recovery codes" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them, continue to the CMS" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/dashboard"));
  });

  it('D105: turning it off refused for want of proof opens "Confirm it\'s you"; an emailed code confirms and the same code is sent again', async () => {
    let enabled = true;
    let proven = false;
    const disables: MockRequest[] = [];
    mockApi([
      ["GET", "/api/admin/user", () => jsonResponse(ADMIN)],
      [
        "GET",
        "/api/admin/two-step",
        () => jsonResponse({ enabled, required: false, mustEnrol: false, recoveryCodesLeft: enabled ? 10 : 0 }),
      ],
      [
        "GET",
        "/api/me/step-up",
        () => jsonResponse({ methods: { password: false, code: true, google: true }, steppedUp: proven }),
      ],
      [
        "POST",
        "/api/me/step-up/code",
        () => jsonResponse({ message: "We sent a code to your email address." }, { status: 202 }),
      ],
      [
        "POST",
        "/api/me/step-up",
        (req) => {
          proven = (req.body as { code?: string }).code === "654321";
          return jsonResponse({ steppedUpUntil: new Date().toISOString() });
        },
      ],
      [
        "POST",
        "/api/admin/two-step/disable",
        (req) => {
          disables.push(req);
          if (!proven)
            return jsonResponse(
              { message: "Please confirm it's you first.", code: "step_up_required" },
              { status: 403 },
            );
          enabled = false;
          return jsonResponse({ message: "Two-step sign-in is off." });
        },
      ],
    ]);
    renderApp("/cms/two-step");
    fireEvent.change(await screen.findByLabelText("Turn off with a current code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn off two-step sign-in" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it’s you" });
    // Google comes back to this screen
    expect(await within(dialog).findByRole("link", { name: "Continue with Google" })).toHaveAttribute(
      "href",
      `/api/auth/google?${new URLSearchParams({ returnTo: "/cms/two-step", stepUp: "1" })}`,
    );
    fireEvent.click(await within(dialog).findByRole("button", { name: "Send me a code" }));
    fireEvent.change(await within(dialog).findByLabelText("Code"), { target: { value: "654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(disables).toHaveLength(2));
    expect(disables.map((d) => d.body)).toEqual([{ code: "123456" }, { code: "123456" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("button", { name: "Set up an authenticator app" })).toBeInTheDocument();
  });
});
