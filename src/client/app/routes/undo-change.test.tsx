import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  jsonResponse,
  mockApi,
  noContent,
  renderApp,
  setUpScreenTests,
  signedOut,
  type MockRequest,
} from "@test/render-app";

setUpScreenTests();

describe("/account/undo (D105)", () => {
  it("undoes the change only when the button is pressed", async () => {
    const calls: MockRequest[] = [];
    mockApi([
      signedOut,
      noContent,
      [
        "POST",
        "/api/account/undo",
        (req) => {
          calls.push(req);
          return jsonResponse({ message: "Your previous email address is back and every device was signed out." });
        },
      ],
    ]);
    renderApp("/account/undo?token=abc");
    const button = await screen.findByRole("button", { name: "Undo the change" });
    expect(calls).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByRole("heading", { name: "The change was undone" })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: "abc" });
  });
});
