import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { REPORT_REASON_LABELS, REPORT_SENT } from "@contract/reports-constants";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut } from "@test/render-app";
import { RoomPlayersDialog, SIGN_IN_TO_REPORT } from "./room-players-dialog";

/** D124: the players of the room the game sits in, and reporting one of them. */

const players = [
  { id: "u7", name: "ada", avatarUrl: null, connected: true, host: true },
  { id: "u8", name: "bob", avatarUrl: null, connected: false, host: false },
  { id: "g3", name: "Guest 3", avatarUrl: null, connected: true, host: false },
];

function show(me: string) {
  renderWithProviders(
    <RoomPlayersDialog open onOpenChange={() => {}} room={{ code: "ABC234", me, players }} gameTitle="Neon Drift" />,
  );
  return screen.findByRole("dialog", { name: "Players" });
}

const rows = (dialog: HTMLElement) => within(dialog).getAllByRole("listitem");

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe("RoomPlayersDialog (D124)", () => {
  it("lists the room's players with host, away and you, and reports another signed-in player", async () => {
    const fetch = mockApi([
      signedInAs({ id: 7, username: "ada" }),
      ["POST", "/api/room-reports", () => jsonResponse({ id: 3, message: REPORT_SENT }, { status: 201 })],
    ]);
    const dialog = await show("u7");
    const [ada, bob, guest] = rows(dialog);
    expect(ada).toHaveTextContent(/ada.*you.*host/);
    expect(bob).toHaveTextContent(/bob.*away/);
    expect(guest).toHaveTextContent("Guest 3");
    expect(guest).not.toHaveTextContent(/away|host|you/);
    // only another signed-in player can be reported: not oneself, not a guest
    expect(within(ada).queryByRole("button")).not.toBeInTheDocument();
    expect(within(guest).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByText(SIGN_IN_TO_REPORT)).not.toBeInTheDocument();

    fireEvent.click(within(bob).getByRole("button", { name: "Report bob" }));
    const form = await screen.findByRole("dialog", { name: "Report player in a room" });
    expect(form).toHaveAccessibleDescription(/what is wrong with bob in this room\./);
    fireEvent.click(within(form).getByRole("radio", { name: REPORT_REASON_LABELS.harassment }));
    fireEvent.change(within(form).getByRole("textbox"), { target: { value: "  insults in chat " } });
    fireEvent.click(within(form).getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Report player in a room" })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    const sent = fetch.mock.calls.filter(([u, init]) => String(u) === "/api/room-reports" && init?.method === "POST");
    expect(sent.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { code: "ABC234", playerId: "u8", reason: "harassment", text: "insults in chat" },
    ]);
  });

  it("lets a guest see the players but says reporting needs an account", async () => {
    mockApi([signedOut]);
    const dialog = await show("g3");
    expect(rows(dialog)).toHaveLength(3);
    expect(rows(dialog)[2]).toHaveTextContent(/Guest 3.*you/);
    expect(within(dialog).queryByRole("button", { name: /^Report/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(SIGN_IN_TO_REPORT)).toBeInTheDocument();
  });
});
