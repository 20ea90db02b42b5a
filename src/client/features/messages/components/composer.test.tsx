import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import {
  DIRECT_MESSAGE_COUNTER_FROM,
  DIRECT_MESSAGE_MAX_LENGTH,
  DIRECT_MESSAGE_REFUSALS,
} from "@contract/direct-messages-constants";
import { Composer } from "./composer";

/** D88: the composer of a conversation. */

function setUp(onSend: (body: string) => Promise<unknown> = vi.fn(async () => undefined), disabledReason?: string) {
  render(<Composer recipient="bob" onSend={onSend} disabledReason={disabledReason} />);
  return { onSend, box: screen.queryByRole("textbox", { name: "Message bob" }) as HTMLTextAreaElement | null };
}

const type = (box: HTMLTextAreaElement, value: string) => fireEvent.change(box, { target: { value } });
const enter = (box: HTMLTextAreaElement, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(box, { key: "Enter", ...init });

describe("Composer (D88)", () => {
  it("Enter sends the trimmed text and empties the box; Shift+Enter does not send", async () => {
    const { onSend, box } = setUp();
    type(box!, "  hello\nthere  ");
    enter(box!, { shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    enter(box!);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith("hello\nthere"));
    await waitFor(() => expect(box!.value).toBe(""));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("sends with the button too, and never sends an empty or blank message", async () => {
    const { onSend, box } = setUp();
    const button = screen.getByRole("button", { name: "Send message" });
    expect(button).toBeDisabled();
    type(box!, "   \n ");
    enter(box!);
    expect(button).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    type(box!, "hi");
    fireEvent.click(button);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith("hi"));
  });

  it("Enter while an input method composes a character does not send", () => {
    const { onSend, box } = setUp();
    type(box!, "にほ");
    enter(box!, { isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it(`shows the characters left from ${DIRECT_MESSAGE_COUNTER_FROM} on, and caps the box at ${DIRECT_MESSAGE_MAX_LENGTH}`, () => {
    const { box } = setUp();
    expect(box).toHaveAttribute("maxLength", String(DIRECT_MESSAGE_MAX_LENGTH));
    type(box!, "x".repeat(DIRECT_MESSAGE_COUNTER_FROM - 1));
    expect(screen.queryByText(/characters? left/)).toBeNull();
    type(box!, "x".repeat(DIRECT_MESSAGE_COUNTER_FROM));
    expect(
      screen.getByText(`${DIRECT_MESSAGE_MAX_LENGTH - DIRECT_MESSAGE_COUNTER_FROM} characters left`),
    ).toBeInTheDocument();
    type(box!, "x".repeat(DIRECT_MESSAGE_MAX_LENGTH - 1));
    expect(screen.getByText("1 character left")).toBeInTheDocument();
  });

  it("shows the API's refusal under the box, keeps the text, and clears the error when the text changes", async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(403, DIRECT_MESSAGE_REFUSALS.notFriends);
    });
    const { box } = setUp(onSend);
    type(box!, "are you there?");
    enter(box!);
    expect(await screen.findByRole("alert")).toHaveTextContent(DIRECT_MESSAGE_REFUSALS.notFriends);
    expect(box!.value).toBe("are you there?");
    expect(box).toHaveAttribute("aria-invalid", "true");
    type(box!, "are you there??");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("sends once while a send is on its way", async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { box } = setUp(onSend);
    type(box!, "once");
    enter(box!);
    enter(box!);
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(box!.value).toBe("");
  });

  it("says why the player cannot write instead of offering a box", () => {
    const { box } = setUp(undefined, DIRECT_MESSAGE_REFUSALS.off);
    expect(box).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(DIRECT_MESSAGE_REFUSALS.off);
  });
});
