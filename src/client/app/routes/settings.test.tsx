import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccountSettings, SessionInfo } from "@contract/me";
import { COMMON_PASSWORD_MESSAGE } from "@contract/password-constants";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedInAs,
  signedOut,
  type MockRequest,
  type MockRoute,
} from "@test/render-app";

/** D87 /settings. */

const settings: AccountSettings = {
  profileVisibility: "public",
  presenceEnabled: false,
  notificationPrefs: {
    friend_request: true,
    friend_accepted: true,
    score_beaten: true,
    achievement: true,
    report_handled: true,
    announcement: true,
    room_invite: true,
    room_turn: true,
    creator_application: true,
    build_review: true,
  },
  email: "ada@example.com",
  emailVerified: false,
  pendingEmail: null,
  hasPassword: true,
  deleteAfter: null,
};
const sessions: SessionInfo[] = [
  {
    id: "0123456789abcdef",
    device: "Chrome on Windows",
    kind: "player",
    createdAt: "2025-05-01T10:00:00.000Z",
    lastSeenAt: new Date().toISOString(),
    current: true,
  },
  {
    id: "fedcba9876543210",
    device: "Safari on iPhone",
    kind: "player",
    createdAt: "2025-04-01T10:00:00.000Z",
    lastSeenAt: "2025-05-01T10:00:00.000Z",
    current: false,
  },
];

function api(extra: MockRoute[] = [], current: AccountSettings = settings) {
  const calls: MockRequest[] = [];
  const record = (handler: (req: MockRequest) => Response) => (req: MockRequest) => {
    calls.push(req);
    return handler(req);
  };
  let state = current;
  const fetch = mockApi([
    ...extra.map(([m, p, h]) => [m, p, record(h as (req: MockRequest) => Response)] as MockRoute),
    signedInAs({ id: 7, username: "ada" }),
    noContent,
    ["GET", "/api/me/settings", () => jsonResponse(state)],
    ["GET", "/api/me/sessions", () => jsonResponse(sessions)],
    [
      "PATCH",
      "/api/me/settings",
      record((req) => {
        const body = req.body as Partial<AccountSettings>;
        state = {
          ...state,
          ...body,
          notificationPrefs: { ...state.notificationPrefs, ...(body.notificationPrefs ?? {}) },
        };
        return jsonResponse(state);
      }),
    ],
    ["DELETE", "/api/me/sessions/others", record(() => new Response(null, { status: 204 }))],
    [
      "DELETE",
      "/api/me",
      record(() => {
        state = { ...state, deleteAfter: "2025-06-01T12:00:00.000Z" };
        return jsonResponse({ deleteAfter: state.deleteAfter }, { status: 202 });
      }),
    ],
  ]);
  return { fetch, calls };
}

setUpScreenTests();

describe("/settings (D87)", () => {
  it("asks a visitor to sign in", async () => {
    mockApi([signedOut, noContent]);
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Sign in to see your settings" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/auth/login?returnTo=%2Fsettings",
    );
  });

  it("shows every section with the player's email, its state and the sessions", async () => {
    api();
    renderApp("/settings");
    for (const name of ["Profile", "Account", "Privacy", "Notifications", "Sessions", "Your data", "Danger zone"]) {
      expect(await screen.findByRole("heading", { name, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("Not verified")).toBeInTheDocument();
    expect(await screen.findByText("Safari on iPhone")).toBeInTheDocument();
    expect(screen.getByText("This device")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/api/me/export");
    expect(screen.getByRole("radio", { name: /Public/ })).toBeChecked();
  });

  it("issue 17: an address given at registration waits for its link: Settings says so and sends the link again", async () => {
    const { calls } = api(
      [
        [
          "POST",
          "/api/me/email",
          () => jsonResponse({ message: "We sent a verification link to new@example.com." }, { status: 202 }),
        ],
      ],
      {
        ...settings,
        email: null,
        pendingEmail: "new@example.com",
      },
    );
    renderApp("/settings");
    expect(await screen.findByText("No confirmed email address yet")).toBeInTheDocument();
    expect(screen.getByText(/until then, sign in with your username/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === "/api/me/email")?.body).toEqual({ email: "new@example.com" }),
    );
  });

  it("issue 17: an unverified current address offers a verification link", async () => {
    const { calls } = api([
      [
        "POST",
        "/api/me/email",
        () => jsonResponse({ message: "We sent a verification link to ada@example.com." }, { status: 202 }),
      ],
    ]);
    renderApp("/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Send a verification link" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === "/api/me/email")?.body).toEqual({ email: "ada@example.com" }),
    );
  });

  it("a switch saves one notification choice; a radio the profile visibility", async () => {
    const { calls } = api();
    renderApp("/settings");
    const beaten = await screen.findByRole("switch", { name: "Beaten scores" });
    expect(beaten).toHaveAttribute("aria-checked", "true");
    fireEvent.click(beaten);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Beaten scores" })).toHaveAttribute("aria-checked", "false"),
    );
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ notificationPrefs: { score_beaten: false } });
    fireEvent.click(screen.getByRole("radio", { name: /Friends only/ }));
    await waitFor(() => expect(screen.getByRole("radio", { name: /Friends only/ })).toBeChecked());
    expect(calls.filter((c) => c.method === "PATCH")[1].body).toEqual({ profileVisibility: "friends" });
    fireEvent.click(screen.getByRole("switch", { name: "Show when I'm online" }));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Show when I'm online" })).toHaveAttribute("aria-checked", "true"),
    );
  });

  it("'Sign out everywhere else' ends the other sessions", async () => {
    const { calls } = api();
    renderApp("/settings");
    const button = await screen.findByRole("button", { name: "Sign out everywhere else" });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url.pathname === "/api/me/sessions/others")).toBe(true),
    );
    expect(await screen.findByText("Only this browser is still signed in.")).toBeInTheDocument();
  });

  it("deleting the account asks for the password, then shows the pending deletion with 'Cancel deletion'", async () => {
    const { calls } = api();
    renderApp("/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText("Please enter your password")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "my password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "DELETE" && c.url.pathname === "/api/me")?.body).toEqual({
        password: "my password",
      }),
    );
    expect(await screen.findByRole("button", { name: "Cancel deletion" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Danger zone" })).getByText(/Your account will be deleted on/),
    ).toBeInTheDocument();
  });

  it("a wrong password keeps the dialog open with the server's message", async () => {
    api([["DELETE", "/api/me", () => jsonResponse({ message: "Your password is not correct" }, { status: 403 })]]);
    renderApp("/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText("Your password is not correct")).toBeInTheDocument();
  });

  it("the password form checks the confirmation before sending", async () => {
    const { calls } = api([["POST", "/api/me/password", () => new Response(null, { status: 204 })]]);
    renderApp("/settings");
    fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "old password" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "new password" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "other password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("The passwords do not match")).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === "/api/me/password")).toBe(false);
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "new password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === "/api/me/password")?.body).toEqual({
        currentPassword: "old password",
        newPassword: "new password",
      }),
    );
    expect(await screen.findByText("You were signed out on your other devices.")).toBeInTheDocument();
  });

  it("shows the server's 'too common' refusal under the new password (issue 17), and keeps what was typed", async () => {
    api([["POST", "/api/me/password", () => jsonResponse({ message: COMMON_PASSWORD_MESSAGE }, { status: 400 })]]);
    renderApp("/settings");
    fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "old password" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "Password123" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "Password123" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    const next = screen.getByLabelText("New password");
    await waitFor(() => expect(next).toHaveAttribute("aria-invalid", "true"));
    expect(next).toHaveAccessibleDescription(expect.stringContaining(COMMON_PASSWORD_MESSAGE));
    expect(next).toHaveFocus();
    expect(next).toHaveValue("Password123");
    expect(screen.getByLabelText("Current password")).toHaveValue("old password");
  });
});

describe("Confirm it's you (D105)", () => {
  const stepUpRequired = () =>
    jsonResponse({ message: "Please confirm it's you first.", code: "step_up_required" }, { status: 403 });

  it("a new address refused for want of proof opens the dialog; the password confirms and the change goes on", async () => {
    let proven = false;
    const { calls } = api([
      [
        "GET",
        "/api/me/step-up",
        () => jsonResponse({ methods: { password: true, code: false, google: false }, steppedUp: proven }),
      ],
      [
        "POST",
        "/api/me/step-up",
        (req) => {
          proven = (req.body as { password?: string }).password === "my password";
          return proven
            ? jsonResponse({ steppedUpUntil: new Date().toISOString() })
            : jsonResponse({ message: "Your password is not correct" }, { status: 403 });
        },
      ],
      [
        "POST",
        "/api/me/email",
        () =>
          proven
            ? jsonResponse({ message: "We sent a verification link to new@example.com." }, { status: 202 })
            : stepUpRequired(),
      ],
    ]);
    renderApp("/settings");
    fireEvent.change(await screen.findByLabelText("New email address"), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send verification link" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it’s you" });
    fireEvent.change(await within(dialog).findByLabelText("Password"), { target: { value: "a guess" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("Your password is not correct")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "my password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === "/api/me/email")).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("We sent a verification link to new@example.com.")).toBeInTheDocument();
  });

  it("an account without a password confirms with a mailed code (or Google) before its first password", async () => {
    let proven = false;
    const { calls } = api(
      [
        [
          "GET",
          "/api/me/step-up",
          () => jsonResponse({ methods: { password: false, code: true, google: true }, steppedUp: proven }),
        ],
        [
          "POST",
          "/api/me/step-up/code",
          () =>
            jsonResponse(
              { message: "We sent a 6-digit code to your email address. It is valid for 10 minutes." },
              { status: 202 },
            ),
        ],
        [
          "POST",
          "/api/me/step-up",
          () => {
            proven = true;
            return jsonResponse({ steppedUpUntil: new Date().toISOString() });
          },
        ],
        ["POST", "/api/me/password", () => (proven ? new Response(null, { status: 204 }) : stepUpRequired())],
      ],
      { ...settings, hasPassword: false },
    );
    renderApp("/settings");
    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "my first password" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "my first password" } });
    fireEvent.click(screen.getByRole("button", { name: "Set password" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it’s you" });
    expect(await within(dialog).findByRole("link", { name: "Continue with Google" })).toHaveAttribute(
      "href",
      "/api/auth/google?returnTo=%2Fsettings&stepUp=1",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Send me a code" }));
    fireEvent.change(await within(dialog).findByLabelText("Code"), { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url.pathname === "/api/me/step-up")?.body).toEqual({
        code: "123456",
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === "/api/me/password")).toHaveLength(2));
    expect(await screen.findByText("You were signed out on your other devices.")).toBeInTheDocument();
  });
});
