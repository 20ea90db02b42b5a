import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import {
  reasonsFor,
  REPORT_REASON_LABELS,
  REPORT_REFUSALS,
  REPORT_SENT,
  REPORT_TEXT_MAX_LENGTH,
} from "@contract/reports-constants";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, type MockRoute } from "@test/render-app";
import { ReportButton } from "./report-button";
import { REASON_REQUIRED } from "./report-dialog";

/** D97: what a player uses to report a chat message, a review, a profile or a direct message. */

const me = signedInAs({ id: 1, username: "ann" });
const created: MockRoute = [
  "POST",
  "/api/reports",
  () => jsonResponse({ id: 5, message: REPORT_SENT }, { status: 201 }),
];
const reports = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([u, init]) => String(u) === "/api/reports" && init?.method === "POST");

async function open(props: Partial<Parameters<typeof ReportButton>[0]> = {}) {
  renderWithProviders(<ReportButton kind="chat" targetId={42} author="bob" {...props} />);
  fireEvent.click(screen.getByRole("button", { name: "Report message from bob" }));
  return screen.findByRole("dialog");
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe("ReportButton and ReportDialog (D97, D102)", () => {
  it("names what it reports, and opens a dialog titled with the kind (REPORT_KIND_LABELS)", async () => {
    mockApi([me, created]);
    renderWithProviders(
      <>
        <ReportButton kind="review" targetId={3} author="bob" />
        <ReportButton kind="message" targetId={9} author="bob" />
      </>,
    );
    expect(screen.getByRole("button", { name: "Report message from bob" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Report review by bob" }));
    const dialog = await screen.findByRole("dialog", { name: "Report review" });
    expect(dialog).toHaveAccessibleDescription(/what is wrong with this review by bob\./);
  });

  it("controlled (a menu's Report item opens it): no button of its own, and closing tells the owner", async () => {
    mockApi([me, created]);
    function Owner() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Menu item
          </button>
          <span>{open ? "open" : "closed"}</span>
          <ReportButton kind="profile" targetId={2} author="bob" open={open} onOpenChange={setOpen} />
        </>
      );
    }
    renderWithProviders(<Owner />);
    expect(screen.queryByRole("button", { name: /^Report/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Menu item" }));
    const dialog = await screen.findByRole("dialog", { name: "Report profile" });
    expect(dialog).toHaveAccessibleDescription(/what is wrong with bob's profile\./);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("closed")).toBeInTheDocument();
  });

  it("offers the reasons as a labelled radio group with none chosen, and refuses to send without one", async () => {
    const fetch = mockApi([me, created]);
    const dialog = await open();
    expect(within(dialog).getByRole("heading", { name: "Report chat message" })).toBeInTheDocument();
    const group = within(dialog).getByRole("radiogroup", { name: "Why are you reporting it?" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(
      reasonsFor("chat").map((r) => REPORT_REASON_LABELS[r]),
    );
    expect(within(group).queryByRole("radio", { name: REPORT_REASON_LABELS.doesnt_load })).not.toBeInTheDocument();
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(REASON_REQUIRED);
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(group).toHaveAccessibleDescription(REASON_REQUIRED);
    expect(radios[0]).toHaveFocus();
    expect(reports(fetch)).toHaveLength(0);
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    // Choosing a reason clears the message.
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.spam }));
    expect(within(dialog).queryByText(REASON_REQUIRED)).not.toBeInTheDocument();
  });

  it("a game that does not load (D114): its one reason is chosen already, and the report names the game", async () => {
    const fetch = mockApi([me, created]);
    renderWithProviders(<ReportButton kind="game" targetId={7} author="Blank Screen" />);
    fireEvent.click(screen.getByRole("button", { name: "Report Blank Screen as not loading" }));
    const dialog = await screen.findByRole("dialog", { name: "Report game" });
    expect(dialog).toHaveAccessibleDescription(/what is wrong with Blank Screen\./);
    const radios = within(dialog).getAllByRole("radio");
    expect(radios).toHaveLength(1);
    expect(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.doesnt_load })).toBeChecked();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(reports(fetch)).toHaveLength(1));
    expect(JSON.parse(String(reports(fetch)[0][1]?.body))).toEqual({
      kind: "game",
      targetId: 7,
      reason: "doesnt_load",
    });
  });

  it("sends {kind, targetId, reason, text}, closes and says REPORT_SENT", async () => {
    const fetch = mockApi([me, created]);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.harassment }));
    const text = within(dialog).getByRole("textbox", { name: /Anything else the moderators should know\?/ });
    expect(text).toHaveAttribute("maxLength", String(REPORT_TEXT_MAX_LENGTH));
    expect(text).toHaveAccessibleDescription(`0/${REPORT_TEXT_MAX_LENGTH}`);
    fireEvent.change(text, { target: { value: "  keeps insulting me  " } });
    expect(text).toHaveAccessibleDescription(`22/${REPORT_TEXT_MAX_LENGTH}`);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reports(fetch)).toHaveLength(1);
    expect(JSON.parse(String(reports(fetch)[0][1]?.body))).toEqual({
      kind: "chat",
      targetId: 42,
      reason: "harassment",
      text: "keeps insulting me",
    });
  });

  it("leaves the text out when the player wrote none", async () => {
    const fetch = mockApi([me, created]);
    const dialog = await open({ kind: "message", targetId: 9 });
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.spam }));
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "   " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(reports(fetch)).toHaveLength(1));
    expect(JSON.parse(String(reports(fetch)[0][1]?.body))).toEqual({ kind: "message", targetId: 9, reason: "spam" });
  });

  it("shows the server's refusal inside the dialog and keeps the reason and the text", async () => {
    let status = 403;
    mockApi([
      me,
      [
        "POST",
        "/api/reports",
        () =>
          status === 201
            ? jsonResponse({ id: 5, message: REPORT_SENT }, { status })
            : jsonResponse({ message: REPORT_REFUSALS.self }, { status }),
      ],
    ]);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.other }));
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "look at this" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(REPORT_REFUSALS.self);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.other })).toBeChecked();
    expect(within(dialog).getByRole("textbox")).toHaveValue("look at this");
    expect(screen.queryByText(REPORT_SENT)).not.toBeInTheDocument();

    // Sent again once the server accepts it: the refusal goes and the dialog closes.
    status = 201;
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("Cancel closes without sending and hands the focus back to the button; the next report starts empty", async () => {
    const fetch = mockApi([me, created]);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole("radio", { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reports(fetch)).toHaveLength(0);
    const button = screen.getByRole("button", { name: "Report message from bob" });
    await waitFor(() => expect(button).toHaveFocus());

    fireEvent.click(button);
    const again = await screen.findByRole("dialog");
    expect(
      within(again)
        .getAllByRole("radio")
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true);
  });
});
