import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_UP_EXPIRED, REGISTERED_EMAIL_TITLE, registeredEmailMessage } from "@contract/auth-constants";
import { COMMON_PASSWORD_MESSAGE } from "@contract/password-constants";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedInAs,
  signedOut,
  type MockRoute,
} from "@test/render-app";

const user = { id: 42, username: "neonfox", avatarUrl: null, createdAt: "2025-01-01T00:00:00.000Z", role: "player" };

/** Signed out until a sign-in or registration succeeds, like the real server's session cookie. */
function authServer(handlers: { login?: MockRoute[2]; register?: MockRoute[2]; google?: boolean } = {}): MockRoute[] {
  let signedIn = false;
  const wrap =
    (h: MockRoute[2] | undefined): MockRoute[2] =>
    async (req) => {
      const res = h ? await h(req) : jsonResponse(user, { status: 201 });
      if (res.ok) signedIn = true;
      return res;
    };
  return [
    ["GET", "/api/auth/session", () => jsonResponse({ user: signedIn ? user : null })],
    ["GET", "/api/auth/providers", () => jsonResponse({ google: handlers.google ?? false })],
    ["POST", "/api/auth/login", wrap(handlers.login ?? (() => jsonResponse(user)))],
    ["POST", "/api/auth/register", wrap(handlers.register)],
    noContent,
    [
      "GET",
      /^\/api\/(games|categories|chat|leaderboard)/,
      () => jsonResponse([], { headers: { "X-Total-Count": "0" } }),
    ],
  ];
}

function main() {
  return within(screen.getByRole("main"));
}

async function fillSignIn(username: string, password: string) {
  const form = await screen.findByRole("form", { name: "Sign in" });
  fireEvent.change(within(form).getByLabelText("Username or email"), { target: { value: username } });
  fireEvent.change(within(form).getByLabelText("Password"), { target: { value: password } });
  fireEvent.submit(form);
  return form;
}

setUpScreenTests();

describe("/login (D10)", () => {
  it("has the title 'Sign In - Arcadium' and opens on the Sign In tab", async () => {
    mockApi(authServer());
    renderApp("/login");
    await waitFor(() => expect(document.title).toBe("Sign In - Arcadium"));
    expect(await main().findByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    expect(main().getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "false");
    const form = screen.getByRole("form", { name: "Sign in" });
    expect(within(form).getByLabelText("Username or email")).toHaveAttribute("autocomplete", "username");
    expect(within(form).getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
  });

  it("?tab=register opens Register; switching tabs updates the URL", async () => {
    mockApi(authServer());
    const { location } = renderApp("/login?tab=register&returnTo=%2Fgame%2F3");
    expect(await main().findByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    const form = screen.getByRole("form", { name: "Register" });
    expect(within(form).getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
    expect(within(form).getByLabelText(/Email/)).toHaveAttribute("type", "email");

    const signInTab = main().getByRole("tab", { name: "Sign In" });
    fireEvent.mouseDown(signInTab);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/login?returnTo=%2Fgame%2F3"));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeInTheDocument();
  });

  it("a failed sign-in shows the server's message (spec §8)", async () => {
    const fetch = mockApi(
      authServer({ login: () => jsonResponse({ message: "Invalid username or password" }, { status: 401 }) }),
    );
    renderApp("/login");
    await fillSignIn("neonfox", "wrong-password");
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid username or password");
    const call = fetch.mock.calls.find(([u, init]) => u === "/api/auth/login" && init?.method === "POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: "neonfox", password: "wrong-password" });
    // the password is cleared for the next try, the username kept
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByLabelText("Username or email")).toHaveValue("neonfox");
  });

  it.each([
    ["a response without a message field", () => new Response("", { status: 500 })],
    [
      "a network error",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("a failed sign-in with %s shows 'Login failed'", async (_label, respond) => {
    mockApi(authServer({ login: respond as MockRoute[2] }));
    renderApp("/login");
    await fillSignIn("neonfox", "whatever1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Login failed");
  });

  it("signs in and goes to returnTo, with the header signed in", async () => {
    mockApi(authServer());
    const { location } = renderApp("/login?returnTo=%2Fleaderboard");
    await fillSignIn("neonfox", "correct-horse");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/leaderboard"));
    expect(
      await within(screen.getByRole("banner")).findByRole("button", { name: "NE Account menu for neonfox" }),
    ).toBeInTheDocument();
  });

  it.each(["//evil.example/", "https://evil.example/", "/api/auth/logout"])(
    "an unsafe returnTo (%s) goes to '/'",
    async (returnTo) => {
      mockApi(authServer());
      const { location } = renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await fillSignIn("neonfox", "correct-horse");
      await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    },
  );

  it("registers, then goes to returnTo", async () => {
    const fetch = mockApi(authServer());
    const { location } = renderApp("/login?tab=register&returnTo=%2Fgame%2F5");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.submit(form);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/game/5"));
    const call = fetch.mock.calls.find(([u]) => u === "/api/auth/register");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: "neonfox", password: "correct-horse" });
  });

  it("issue 17: registering with an email says a link was sent to confirm it and that the username signs in until then", async () => {
    const fetch = mockApi(authServer());
    const { location } = renderApp("/login?tab=register&returnTo=%2Fgame%2F5");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: "fox@example.org" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.submit(form);
    expect(await main().findByRole("heading", { name: REGISTERED_EMAIL_TITLE })).toBeInTheDocument();
    expect(main().getByText(/We sent a link to/)).toHaveTextContent(registeredEmailMessage("fox@example.org"));
    expect(main().getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/game/5");
    expect(location.history?.at(-1)).not.toBe("/game/5");
    const call = fetch.mock.calls.find(([u]) => u === "/api/auth/register");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: "neonfox",
      password: "correct-horse",
      email: "fox@example.org",
    });
  });

  it("D98: an invite-only site asks for the invite code, requires it and sends it; the server's refusal shows by the field", async () => {
    let attempts = 0;
    const fetch = mockApi([
      [
        "GET",
        "/api/content",
        () => jsonResponse([{ section: "site", key: "registration", value: "invite", valueType: "text" }]),
      ],
      ...authServer({
        register: () =>
          ++attempts === 1
            ? jsonResponse({ message: "This invite code is not valid" }, { status: 400 })
            : jsonResponse(user, { status: 201 }),
      }),
    ]);
    const { location } = renderApp("/login?tab=register&returnTo=%2Fgame%2F5");
    const form = await screen.findByRole("form", { name: "Register" });
    const code = await within(form).findByLabelText("Invite code");
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.submit(form);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Please enter the invite code you were given/));
    expect(fetch.mock.calls.some(([u]) => u === "/api/auth/register")).toBe(false);
    fireEvent.change(code, { target: { value: "wrong-code" } });
    fireEvent.submit(form);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/This invite code is not valid/));
    fireEvent.change(code, { target: { value: " class-2026 " } });
    fireEvent.submit(form);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/game/5"));
    const last = fetch.mock.calls.filter(([u]) => u === "/api/auth/register").at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toEqual({
      username: "neonfox",
      password: "correct-horse",
      inviteCode: "class-2026",
    });
  });

  it("shows the server's field errors next to their fields (aria-describedby)", async () => {
    mockApi(
      authServer({
        register: () =>
          jsonResponse(
            {
              message: "Please enter a valid email address",
              errors: [
                { path: "email", message: "Please enter a valid email address" },
                { path: "password", message: "Password is too common" },
              ],
            },
            { status: 400 },
          ),
      }),
    );
    renderApp("/login?tab=register");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: "fox@example.com" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "password123" } });
    fireEvent.submit(form);

    const email = within(form).getByLabelText(/Email/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining("Please enter a valid email address"));
    const password = within(form).getByLabelText("Password");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription(expect.stringContaining("Password is too common"));
    expect(within(form).getByLabelText("Username")).not.toHaveAttribute("aria-invalid");
    // focus moves to the first field in error
    expect(email).toHaveFocus();
    // typing in a field clears its error
    fireEvent.change(email, { target: { value: "fox@example.org" } });
    expect(email).not.toHaveAttribute("aria-invalid");
  });

  it("checks the contract's rules before sending", async () => {
    const fetch = mockApi(authServer());
    renderApp("/login?tab=register");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "x!" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "short" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(within(form).getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(fetch.mock.calls.some(([u]) => u === "/api/auth/register")).toBe(false);
  });

  it("shows a 409 by its field", async () => {
    mockApi(authServer({ register: () => jsonResponse({ message: "Username is already taken" }, { status: 409 }) }));
    renderApp("/login?tab=register");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "NeonFox" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.submit(form);
    const username = within(form).getByLabelText("Username");
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(expect.stringContaining("Username is already taken")),
    );
  });

  it("shows the server's 'too common' password refusal under the password field (issue 17), and keeps what was typed", async () => {
    mockApi(authServer({ register: () => jsonResponse({ message: COMMON_PASSWORD_MESSAGE }, { status: 400 }) }));
    renderApp("/login?tab=register");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "Password123" } });
    fireEvent.submit(form);
    const password = within(form).getByLabelText("Password");
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(COMMON_PASSWORD_MESSAGE));
    expect(password).toHaveFocus();
    expect(password).toHaveValue("Password123");
    expect(within(form).getByLabelText("Username")).toHaveValue("neonfox");
    expect(within(form).queryByRole("alert")).toBeNull();
  });

  it("shows other registration failures above the form", async () => {
    mockApi(
      authServer({
        register: () =>
          jsonResponse(
            { message: "Too many accounts created from this address. Please try again later." },
            { status: 429 },
          ),
      }),
    );
    renderApp("/login?tab=register");
    const form = await screen.findByRole("form", { name: "Register" });
    fireEvent.change(within(form).getByLabelText("Username"), { target: { value: "neonfox" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "correct-horse" } });
    fireEvent.submit(form);
    expect(await within(form).findByRole("alert")).toHaveTextContent("Too many accounts created from this address.");
  });

  it("the password toggle shows and hides the password", async () => {
    mockApi(authServer());
    renderApp("/login");
    const form = await screen.findByRole("form", { name: "Sign in" });
    const password = within(form).getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    fireEvent.click(within(form).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    fireEvent.click(within(form).getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("offers Google only when the server has it configured (D15)", async () => {
    mockApi(authServer({ google: true }));
    renderApp("/login?returnTo=%2Fgame%2F3");
    expect(await main().findByRole("link", { name: "Continue with Google" })).toHaveAttribute(
      "href",
      "/api/auth/google?returnTo=%2Fgame%2F3",
    );
  });

  it("has no Google button when it is not configured", async () => {
    const fetch = mockApi(authServer({ google: false }));
    renderApp("/login");
    await screen.findByRole("form", { name: "Sign in" });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u === "/api/auth/providers")).toBe(true));
    expect(main().queryByRole("link", { name: "Continue with Google" })).not.toBeInTheDocument();
  });

  it.each([
    ["google_unavailable", "Google sign-in is not available on this site."],
    ["google_failed", "Google sign-in failed. Please try again."],
    ["registration_closed", "Registration on this site is closed, so no new account can be made with Google."],
  ])("?error=%s shows a visible message", async (code, text) => {
    mockApi(authServer());
    renderApp(`/login?error=${code}`);
    expect(await main().findByRole("alert")).toHaveTextContent(text);
  });

  it("issue 17, D98: ?google=invite asks for the invite code that finishes a Google sign-up, then goes to returnTo", async () => {
    let attempts = 0;
    const fetch = mockApi([
      [
        "POST",
        "/api/auth/google/signup",
        () =>
          ++attempts === 1
            ? jsonResponse({ message: "This invite code is not valid" }, { status: 400 })
            : jsonResponse(user, { status: 201 }),
      ],
      ...authServer({ google: true }),
    ]);
    const { location } = renderApp("/login?google=invite&returnTo=%2Fgame%2F3");
    expect(await main().findByRole("heading", { name: "One more step" })).toBeInTheDocument();
    expect(main().queryByRole("tab", { name: "Register" })).not.toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Finish creating your account" });
    const code = within(form).getByLabelText("Invite code");
    fireEvent.submit(form);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Please enter the invite code you were given/));
    expect(fetch.mock.calls.some(([u]) => u === "/api/auth/google/signup")).toBe(false);
    fireEvent.change(code, { target: { value: "wrong-code" } });
    fireEvent.submit(form);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/This invite code is not valid/));
    fireEvent.change(code, { target: { value: " class-2026 " } });
    fireEvent.submit(form);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/game/3"));
    const last = fetch.mock.calls.filter(([u]) => u === "/api/auth/google/signup").at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toEqual({ inviteCode: "class-2026" });
  });

  it("issue 17: an expired Google invite step offers Google again", async () => {
    mockApi([
      ["POST", "/api/auth/google/signup", () => jsonResponse({ message: GOOGLE_SIGN_UP_EXPIRED }, { status: 400 })],
      ...authServer({ google: true }),
    ]);
    renderApp("/login?google=invite");
    const form = await screen.findByRole("form", { name: "Finish creating your account" });
    fireEvent.change(within(form).getByLabelText("Invite code"), { target: { value: "class-2026" } });
    fireEvent.submit(form);
    expect(await main().findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_UP_EXPIRED);
    expect(main().getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", "/api/auth/google");
  });

  it("already signed in: says who and links onward", async () => {
    mockApi([
      signedInAs({ id: 9, username: "pixelqueen" }),
      noContent,
      ["GET", "/api/auth/providers", () => jsonResponse({ google: false })],
    ]);
    renderApp("/login?returnTo=%2Fgame%2F3");
    expect(await main().findByText("pixelqueen")).toBeInTheDocument();
    expect(main().getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/game/3");
    expect(main().getByRole("link", { name: "View your profile" })).toHaveAttribute("href", "/profile/9");
    expect(main().queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("treats any current-user failure as signed out", async () => {
    mockApi([signedOut, noContent]);
    renderApp("/login");
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeInTheDocument();
  });
});
