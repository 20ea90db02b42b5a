import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, useToast } from "@/components/ui/use-toast";
import type { FriendLists } from "@contract/friends";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { InviteFriendsDialog } from "./invite-friends-dialog";

/** The toasts shown, as "title: description" (the toasts' store is shared by the files of this project). */
function ToastProbe() {
  const { toasts } = useToast();
  return (
    <output aria-label="Toasts">{toasts.map((t) => `${String(t.title)}: ${String(t.description)}`).join("\n")}</output>
  );
}
const toasts = () => screen.getByRole("status", { name: "Toasts", hidden: true });

/** D122 "Invite friends" on the game page. */

const lists: FriendLists = {
  friends: [
    { id: 2, username: "bob", avatarUrl: null, presence: { status: "online" }, room: null },
    { id: 3, username: "cleo", avatarUrl: null, presence: { status: "offline" }, room: null },
    { id: 4, username: "dan", avatarUrl: null, presence: { status: "offline" }, room: null },
  ],
  incoming: [],
  outgoing: [],
  blocked: [],
};

function setUp(answer: (req: MockRequest) => Response, friends = lists) {
  const posts: MockRequest[] = [];
  mockApi([
    ["GET", "/api/friends", () => jsonResponse(friends)],
    [
      "POST",
      "/api/room-invites",
      (req) => {
        posts.push(req);
        return answer(req);
      },
    ],
  ]);
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <InviteFriendsDialog open code="ABC234" gameTitle="Reversi" onOpenChange={onOpenChange} />
      <ToastProbe />
    </>,
  );
  return { posts, onOpenChange };
}

setUpScreenTests();
beforeEach(() => act(() => resetToasts()));

describe("InviteFriendsDialog (D122)", () => {
  it("lists the friends to choose, sends the chosen ones with the room's code, closes and says so", async () => {
    const { posts, onOpenChange } = setUp(() => jsonResponse({ sent: 2 }));
    const dialog = await screen.findByRole("dialog", { name: "Invite friends" });
    const send = within(dialog).getByRole("button", { name: "Send invite" });
    expect(send).toBeDisabled();
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: /bob/ }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /dan/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send 2 invites" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts.map((p) => p.body)).toEqual([{ code: "ABC234", friendIds: [2, 4] }]);
    expect(toasts()).toHaveTextContent("Invited 2 friends: They can join you in Reversi from their notifications.");
  });

  it("shows the server's refusal and stays open", async () => {
    const { onOpenChange } = setUp(() => jsonResponse({ message: "You are not in that room" }, { status: 403 }));
    fireEvent.click(await screen.findByRole("checkbox", { name: /cleo/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send invite" }));
    await waitFor(() => expect(toasts()).toHaveTextContent("Could not send the invites: You are not in that room"));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("without friends, points to the friends page", async () => {
    setUp(() => jsonResponse({ sent: 0 }), { ...lists, friends: [] });
    expect(await screen.findByText("You have no friends to invite yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find friends" })).toHaveAttribute("href", "/friends");
  });
});
