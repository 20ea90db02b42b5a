import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedInAs,
  type MockRequest,
  type MockRoute,
} from "@test/render-app";

/** A signed-in player's API, recording the requests of the routes given. */
function api(extra: MockRoute[]) {
  const calls: MockRequest[] = [];
  const fetch = mockApi([
    ...extra.map(([method, path, handler]): MockRoute => [
      method,
      path,
      (req) => {
        calls.push(req);
        return handler(req);
      },
    ]),
    signedInAs({ id: 7, username: "ada" }),
    noContent,
  ]);
  return { fetch, calls };
}

setUpScreenTests();

describe("/settings/verify-email (D87)", () => {
  it("posts the token once and says which address is now the player's", async () => {
    const { calls } = api([["POST", "/api/me/email/verify", () => jsonResponse({ email: "new@example.com" })]]);
    renderApp("/settings/verify-email?token=abc123");
    expect(await screen.findByRole("heading", { name: "Email address confirmed" })).toBeInTheDocument();
    expect(screen.getByText("Your email address is now new@example.com.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === "/api/me/email/verify").map((c) => c.body)).toEqual([
      { token: "abc123" },
    ]);
  });

  it("shows the server's reason for a used or expired link", async () => {
    api([
      [
        "POST",
        "/api/me/email/verify",
        () => jsonResponse({ message: "This verification link is not valid or has expired." }, { status: 400 }),
      ],
    ]);
    renderApp("/settings/verify-email?token=used");
    expect(await screen.findByRole("heading", { name: "Could not confirm your email" })).toBeInTheDocument();
    expect(screen.getByText("This verification link is not valid or has expired.")).toBeInTheDocument();
  });
});
