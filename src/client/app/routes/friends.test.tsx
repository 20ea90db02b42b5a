import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FriendLists } from "@contract/friends";
import { jsonResponse, mockApi, noContent, renderApp, setUpScreenTests, signedInAs } from "@test/render-app";

/** D84 /friends, with D122's Join for a friend's joinable room. */

const reversi = { id: 5, title: "Reversi" };
const crazy = { id: 9, title: "Crazy Race" };
const lists: FriendLists = {
  friends: [
    {
      id: 2,
      username: "bob",
      avatarUrl: null,
      presence: { status: "playing", game: reversi },
      room: { code: "ABC234", inviteParams: null, game: reversi },
    },
    {
      id: 4,
      username: "dana",
      avatarUrl: null,
      presence: { status: "playing", game: crazy },
      room: { code: null, inviteParams: { roomId: "42", mode: "duel" }, game: crazy },
    },
    { id: 3, username: "cleo", avatarUrl: null, presence: { status: "playing", game: reversi }, room: null },
  ],
  incoming: [],
  outgoing: [],
  blocked: [],
};

setUpScreenTests();

describe("/friends (D84, D122)", () => {
  it("shows Playing {game} and a Join button into the room only for a friend in a joinable room", async () => {
    mockApi([signedInAs({ id: 7, username: "ada" }), noContent, ["GET", "/api/friends", () => jsonResponse(lists)]]);
    renderApp("/friends");
    const join = await screen.findByRole("link", { name: "Join bob in Reversi" });
    expect(join).toHaveAttribute("href", "/game/5?room=ABC234");
    expect(join).toHaveTextContent("Join");
    expect(screen.getAllByText("Playing")).toHaveLength(3);
    expect(screen.queryByRole("link", { name: /^Join cleo/ })).not.toBeInTheDocument();
  });

  it("joins a friend's room of the game's own servers through its invite parameters (CrazyGames' updateRoom)", async () => {
    mockApi([signedInAs({ id: 7, username: "ada" }), noContent, ["GET", "/api/friends", () => jsonResponse(lists)]]);
    renderApp("/friends");
    const join = await screen.findByRole("link", { name: "Join dana in Crazy Race" });
    expect(join).toHaveAttribute("href", "/game/9?roomId=42&mode=duel");
  });
});
