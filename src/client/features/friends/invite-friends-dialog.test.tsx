import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FriendLists } from "@contract/friends";
import { jsonResponse, mockApi, renderWithProviders, setUpScreenTests, type MockRequest } from "@test/render-app";
import { InviteFriendsDialog } from "./invite-friends-dialog";

const toast = vi.hoisted(() => vi.fn());
vi.mock("@/components/ui/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/components/ui/use-toast")>()),
  toast,
}));

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
  renderWithProviders(<InviteFriendsDialog open code="ABC234" gameTitle="Reversi" onOpenChange={onOpenChange} />);
  return { posts, onOpenChange };
}

setUpScreenTests();

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
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Invited 2 friends" }));
  });

  it("shows the server's refusal and stays open", async () => {
    toast.mockClear();
    const { onOpenChange } = setUp(() => jsonResponse({ message: "You are not in that room" }, { status: 403 }));
    fireEvent.click(await screen.findByRole("checkbox", { name: /cleo/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send invite" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Could not send the invites", description: "You are not in that room" }),
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("without friends, points to the friends page", async () => {
    setUp(() => jsonResponse({ sent: 0 }), { ...lists, friends: [] });
    expect(await screen.findByText("You have no friends to invite yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find friends" })).toHaveAttribute("href", "/friends");
  });
});
