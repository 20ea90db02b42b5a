import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { jsonResponse, mockApi, renderWithProviders } from "@test/render-app";
import { CmsLoginForm } from "./login-form";

const ADMIN = {
  id: 9,
  username: "admin",
  avatarUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "admin",
  email: "admin@example.com",
};

/** Where the app sends each role after the sign-in (its own list, cms-layout.tsx): here, a stand-in. */
const landing = (role: string, mustEnrol?: boolean) =>
  mustEnrol ? "/cms/two-step" : role === "moderator" ? "/cms/reports" : "/cms/dashboard";

function typeEmail(value: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value } });
  fireEvent.click(screen.getByRole("button", { name: "Send code" }));
}

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe("CmsLoginForm (spec §4, §5, §8; D42)", () => {
  it("rejects an invalid email with the spec's text and sends nothing", async () => {
    const fetch = mockApi([]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("not-an-email");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("stays on step 1 with the neutral message when the answer has no otpSecret", async () => {
    mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ message: "If this address belongs to an administrator, a code has been sent." }),
      ],
    ]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("someone@example.com");
    expect(
      await screen.findByText("If this address belongs to an administrator, a code has been sent."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("moves to step 2 with an otpSecret, auto-fills the development code and signs in", async () => {
    const fetch = mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ otpSecret: "challenge-1", message: "sent", otp: "123456" }),
      ],
      ["POST", "/api/admin/verify-otp", () => jsonResponse({ user: ADMIN, message: "Login successful" })],
    ]);
    const { location } = renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("  Admin@Example.com ");
    const code = await screen.findByLabelText("Verification code");
    expect(code).toHaveValue("123456");
    expect(code).toHaveAttribute("maxLength", "6");
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("Login Successful")).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/dashboard"));
    const verify = fetch.mock.calls.find(([url]) => String(url).endsWith("/api/admin/verify-otp"))!;
    expect(JSON.parse(String(verify[1]!.body))).toEqual({
      email: "admin@example.com",
      otp: "123456",
      otpSecret: "challenge-1",
    });
    const request = fetch.mock.calls.find(([url]) => String(url).endsWith("/api/admin/request-otp"))!;
    expect(JSON.parse(String(request[1]!.body))).toEqual({ email: "admin@example.com" });
  });

  it("goes where the app says for the signed-in role (D96: a moderator to the reports)", async () => {
    mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ otpSecret: "challenge-1", message: "sent", otp: "123456" }),
      ],
      [
        "POST",
        "/api/admin/verify-otp",
        () => jsonResponse({ user: { ...ADMIN, role: "moderator" }, message: "Login successful" }),
      ],
    ]);
    const { location } = renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("mod@example.com");
    fireEvent.click(await screen.findByRole("button", { name: "Verify & Sign In" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/reports"));
  });

  it("D106: a sign-in that must set up two-step sign-in goes straight to the set-up", async () => {
    mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ otpSecret: "challenge-1", message: "sent", otp: "123456" }),
      ],
      [
        "POST",
        "/api/admin/verify-otp",
        () => jsonResponse({ user: ADMIN, mustEnrol: true, message: "Login successful" }),
      ],
    ]);
    const { location } = renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    fireEvent.click(await screen.findByRole("button", { name: "Verify & Sign In" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/two-step"));
  });

  it("checks the code on change, limits it to 6 characters, clears an '@' on focus and trims before sending", async () => {
    const fetch = mockApi([
      ["POST", "/api/admin/request-otp", () => jsonResponse({ otpSecret: "c", message: "sent" })],
      ["POST", "/api/admin/verify-otp", () => jsonResponse({ message: "Invalid or expired code" }, { status: 401 })],
    ]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    const code = await screen.findByLabelText("Verification code");
    expect(code).toHaveValue("");

    fireEvent.change(code, { target: { value: "12" } });
    expect(screen.getByText("OTP must be 6 digits")).toBeInTheDocument();
    fireEvent.change(code, { target: { value: "1234567" } });
    expect(code).toHaveValue("123456");
    expect(screen.queryByText("OTP must be 6 digits")).not.toBeInTheDocument();

    fireEvent.change(code, { target: { value: "a@b.co" } });
    fireEvent.focus(code);
    expect(code).toHaveValue("");

    // A 6-digit code pasted with a space: the field holds 6 characters; trimmed on send.
    fireEvent.change(code, { target: { value: " 65432" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(screen.getByText("OTP must be 6 digits")).toBeInTheDocument();
    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid or expired code")).toBeInTheDocument();
    const verify = fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/admin/verify-otp"));
    expect(verify).toHaveLength(1);
    expect(JSON.parse(String(verify[0][1]!.body)).otp).toBe("654321");
  });

  it("'Try a different email' returns to step 1 and resets both fields", async () => {
    mockApi([
      ["POST", "/api/admin/request-otp", () => jsonResponse({ otpSecret: "c", message: "sent", otp: "111111" })],
    ]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    await screen.findByLabelText("Verification code");
    fireEvent.click(screen.getByRole("button", { name: "Try a different email" }));
    expect(screen.getByLabelText("Email")).toHaveValue("");
    typeEmail("admin@example.com");
    // The new request's code (not the old one) fills the field.
    expect(await screen.findByLabelText("Verification code")).toHaveValue("111111");
  });

  it("network failures show the spec's toasts", async () => {
    let failVerify = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.endsWith("/request-otp") && !failVerify) throw new TypeError("Failed to fetch");
        if (url.endsWith("/request-otp")) return jsonResponse({ otpSecret: "c", message: "sent" });
        throw new TypeError("Failed to fetch");
      }),
    );
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    expect(await screen.findByText("Failed to request OTP. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    failVerify = true;
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByLabelText("Verification code");
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("Failed to verify OTP. Please try again.")).toBeInTheDocument();
  });

  it("a verify answer without a user is 'Login Failed' / 'Invalid OTP. Please try again.'", async () => {
    mockApi([
      ["POST", "/api/admin/request-otp", () => jsonResponse({ otpSecret: "c", message: "sent" })],
      ["POST", "/api/admin/verify-otp", () => jsonResponse({ message: "" }, { status: 401 })],
    ]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    fireEvent.change(await screen.findByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
  });
});

describe("CmsLoginForm: two-step sign-in (issue 17)", () => {
  it("after a right emailed code asks for the authenticator's code, checks its form, and signs in with it", async () => {
    const fetch = mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ otpSecret: "challenge-2", message: "sent", otp: "123456" }),
      ],
      [
        "POST",
        "/api/admin/verify-otp",
        () => jsonResponse({ secondFactor: "totp", message: "Enter the 6-digit code from your authenticator app." }),
      ],
      ["POST", "/api/admin/verify-second-factor", () => jsonResponse({ user: ADMIN, message: "Login successful" })],
    ]);
    const { location } = renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    await screen.findByLabelText("Verification code");
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    const second = await screen.findByLabelText("Authenticator code or recovery code");
    expect(screen.getByText("Enter the 6-digit code from your authenticator app.")).toBeInTheDocument();
    fireEvent.change(second, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("Enter the 6-digit code, or a recovery code")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/admin/verify-second-factor"))).toHaveLength(0);
    fireEvent.change(second, { target: { value: " abcde-fghjk " } });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/cms/dashboard"));
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith("/api/admin/verify-second-factor"))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      email: "admin@example.com",
      otpSecret: "challenge-2",
      code: "abcde-fghjk",
    });
  });

  it("a wrong second code shows the server's words and stays", async () => {
    mockApi([
      [
        "POST",
        "/api/admin/request-otp",
        () => jsonResponse({ otpSecret: "challenge-3", message: "sent", otp: "123456" }),
      ],
      ["POST", "/api/admin/verify-otp", () => jsonResponse({ secondFactor: "totp", message: "next" })],
      [
        "POST",
        "/api/admin/verify-second-factor",
        () => jsonResponse({ message: "That code is not right." }, { status: 401 }),
      ],
    ]);
    renderWithProviders(<CmsLoginForm landingFor={landing} />, "/cms");
    typeEmail("admin@example.com");
    await screen.findByLabelText("Verification code");
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    fireEvent.change(await screen.findByLabelText("Authenticator code or recovery code"), {
      target: { value: "654321" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify & Sign In" }));
    expect(await screen.findByText("That code is not right.")).toBeInTheDocument();
    expect(screen.getByLabelText("Authenticator code or recovery code")).toHaveValue("");
  });
});
