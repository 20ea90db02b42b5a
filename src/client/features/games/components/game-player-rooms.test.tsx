/**
 * GamePlayer and rooms (ADR 027, D122): a frame's room calls go out on the page's live connection and only that
 * frame hears back. The frame is simulated as in game-player-sdk-v2.test.tsx (messages dispatched on window with
 * the frame's contentWindow as their source); the live connection is a stand-in WebSocket. A file of its own: the
 * live connection is module state (vitest.config.ts).
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { jsonResponse, mockApi, renderWithProviders, signedInAs, signedOut, type MockRoute } from "@test/render-app";
import { GamePlayer, type InviteDialog, type PlayersDialog } from "./game-player";

const GAMES_ORIGIN = "http://127.0.0.1:5001";
const game = {
  id: 5,
  title: "Neon Drift",
  imageUrl: "/uploads/neon.webp",
  frameUrl: `${GAMES_ORIGIN}/game-frame/5/`,
  externalUrl: null,
};

class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  static last() {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  push(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) }));
  }
  frames() {
    return this.sent.map((t) => JSON.parse(t) as { type: string; id?: string; frame: string; request?: unknown });
  }
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Posted = MockInstance<(message: unknown, targetOrigin: string) => void>;

/** Stands in for the friends feature's dialog: what the player hands it. */
const InviteFriendsDialog: InviteDialog = ({ code, gameTitle, onOpenChange }) => (
  <div role="dialog" aria-label="Invite friends">
    {code} {gameTitle}
    <button onClick={() => onOpenChange(false)}>Cancel</button>
  </div>
);

/** Stands in for the reports feature's players dialog: the players the page followed, as it hands them over. */
const RoomPlayersDialog: PlayersDialog = ({ room, onOpenChange }) => (
  <div role="dialog" aria-label="Players">
    <ul>
      {room.players.map((p) => (
        <li key={p.id}>
          {p.name} {p.id === room.me ? "you" : ""} {p.host ? "host" : ""} {p.connected ? "" : "away"}
        </li>
      ))}
    </ul>
    <button onClick={() => onOpenChange(false)}>Close</button>
  </div>
);

async function startGame(inviteCode: string | null = null, session = signedOut) {
  mockApi([
    session,
    ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })],
    ["GET", "/api/friends", () => jsonResponse({ friends: [], incoming: [], outgoing: [], blocked: [] })],
  ]);
  const view = renderWithProviders(
    <GamePlayer
      game={game}
      inviteCode={inviteCode}
      InviteDialog={InviteFriendsDialog}
      PlayersDialog={RoomPlayersDialog}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
  const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
  const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
  return { frame, toFrame, view };
}

function post(data: unknown, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin: GAMES_ORIGIN, source }));
  });
}

const roomCall = (id: string, type: string, payload: Record<string, unknown>) => ({
  v: 2,
  id,
  type: `rooms.${type}`,
  payload: { ...payload, instance: "doc1" },
});

const posted = (toFrame: Posted) => toFrame.mock.calls.filter(([, origin]) => origin === GAMES_ORIGIN).map(([m]) => m);

describe("GamePlayer rooms (ADR 027)", () => {
  it("relays the frame's room calls on the live socket and only that frame's answers and events back", async () => {
    const { frame, toFrame, view } = await startGame();
    post(roomCall("a1", "create", { maxPlayers: 2, visibility: "private" }), frame.contentWindow);
    post(roomCall("a2", "list", {}), window); // not the frame: ignored
    const ws = FakeWebSocket.last();
    ws.open();
    expect(ws.frames()).toEqual([
      {
        type: "room",
        id: expect.any(String) as string,
        frame: expect.any(String) as string,
        gameId: 5,
        request: { type: "create", maxPlayers: 2, visibility: "private" },
      },
    ]);
    const [{ id, frame: frameId }] = ws.frames();
    const snapshot = { id: "r1", code: "ABC234", players: [], me: "g1", state: {}, seq: 1 };
    ws.push({ type: "room-result", id, ok: true, value: snapshot });
    const join = {
      type: "join",
      roomId: "r1",
      player: { id: "g2", name: "Guest", avatarUrl: null, connected: true, host: false },
    };
    ws.push({ type: "room-event", frame: frameId, event: join });
    ws.push({ type: "room-event", frame: "someone-else", event: join });
    await waitFor(() =>
      expect(posted(toFrame)).toEqual([
        { v: 2, id: "a1", ok: true, result: snapshot },
        { v: 2, event: "room", payload: join },
      ]),
    );

    post(roomCall("a3", "join", { code: "ZZZZZZ" }), frame.contentWindow);
    ws.push({
      type: "room-result",
      id: ws.frames()[1].id,
      ok: false,
      error: { code: "not_found", message: "No open room has that code" },
    });
    await waitFor(() =>
      expect(posted(toFrame)).toContainEqual({
        v: 2,
        id: "a3",
        ok: false,
        error: { code: "not_found", message: "No open room has that code" },
      }),
    );

    view.unmount();
    expect(ws.frames().at(-1)).toEqual({ type: "room-frame-closed", frame: frameId });
  });

  it("hands the invite link's code to the game at init() (D122)", async () => {
    const { frame, toFrame } = await startGame("ABC234");
    post({ v: 2, id: "i1", type: "init", payload: {} }, frame.contentWindow);
    await waitFor(() =>
      expect(posted(toFrame)).toContainEqual(
        expect.objectContaining({ id: "i1", result: expect.objectContaining({ inviteCode: "ABC234" }) as unknown }),
      ),
    );
  });

  it("hands the invite link's params at init() and tells the open game of the next invite (D122)", async () => {
    const next = { room: "XYZ234", roomId: "43" };
    // the page's address changing while the game runs, as a new invite link followed
    function Page() {
      const [invite, setInvite] = useState<{ code: string | null; params: Record<string, string> }>({
        code: null,
        params: { roomId: "42" },
      });
      return (
        <>
          <button onClick={() => setInvite({ code: "XYZ234", params: next })}>Follow the next invite</button>
          <GamePlayer game={game} inviteCode={invite.code} inviteParams={invite.params} />
        </>
      );
    }
    mockApi([signedOut, ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })]]);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Play Now" }));
    const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
    const toFrame = vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {}) as unknown as Posted;
    post({ v: 2, id: "i1", type: "init", payload: {} }, frame.contentWindow);
    await waitFor(() =>
      expect(posted(toFrame)).toContainEqual(
        expect.objectContaining({
          id: "i1",
          result: expect.objectContaining({ inviteParams: { roomId: "42" } }) as unknown,
        }),
      ),
    );
    expect(posted(toFrame).some((m) => (m as { event?: string }).event === "invite")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Follow the next invite" }));
    await waitFor(() =>
      expect(posted(toFrame)).toContainEqual({
        v: 2,
        event: "invite",
        payload: { inviteCode: "XYZ234", inviteParams: next },
      }),
    );
  });

  it("offers Invite friends to a signed-in player while the frame sits in a joinable room with a free seat (D122)", async () => {
    const { frame } = await startGame(null, signedInAs({ id: 7, username: "ada" }));
    const invite = () => screen.queryByRole("button", { name: "Invite friends" });
    expect(invite()).not.toBeInTheDocument();
    post(roomCall("a1", "create", { maxPlayers: 2, visibility: "friends" }), frame.contentWindow);
    const ws = FakeWebSocket.last();
    ws.open();
    const [{ id, frame: frameId }] = ws.frames();
    const me = { id: "u7", name: "ada", avatarUrl: null, connected: true, host: true };
    const snapshot = {
      id: "r1",
      code: "ABC234",
      joinable: true,
      maxPlayers: 2,
      players: [me],
      me: "u7",
      state: {},
      seq: 1,
    };
    ws.push({ type: "room-result", id, ok: true, value: snapshot });
    await waitFor(() => expect(invite()).toBeInTheDocument());
    fireEvent.click(invite()!);
    expect(await screen.findByRole("dialog", { name: "Invite friends" })).toHaveTextContent("ABC234 Neon Drift");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // the last seat taken: nobody else can join, so nobody to invite
    const other = { ...me, id: "u8", name: "bob", host: false };
    ws.push({ type: "room-event", frame: frameId, event: { type: "join", roomId: "r1", player: other } });
    await waitFor(() => expect(invite()).not.toBeInTheDocument());
  });

  it("shows the game's Invite button, copying the link the page builds from the params, until the game hides it (D122)", async () => {
    const { frame, toFrame } = await startGame(null, signedInAs({ id: 7, username: "ada" }));
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const invite = () => screen.queryByRole("button", { name: /^Invite: copy/ });
    // from another window: nothing
    post({ v: 2, id: "b0", type: "inviteButton.show", payload: { params: { roomId: "1" } } }, window);
    expect(invite()).not.toBeInTheDocument();
    post({ v: 2, id: "b1", type: "inviteButton.show", payload: { params: { roomId: "42" } } }, frame.contentWindow);
    await waitFor(() => expect(invite()).toBeInTheDocument());
    expect(invite()).toHaveTextContent("Invite");
    fireEvent.click(invite()!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/game/5?roomId=42`));
    // params out of bounds: refused, the button keeps its link
    post(
      { v: 2, id: "b2", type: "inviteButton.show", payload: { params: { url: "https://evil.example/" } } },
      frame.contentWindow,
    );
    await waitFor(() => expect(posted(toFrame)).toContainEqual(expect.objectContaining({ id: "b2", ok: false })));
    fireEvent.click(invite()!);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/game/5?roomId=42`));
    post({ v: 2, id: "b3", type: "inviteButton.hide", payload: {} }, frame.contentWindow);
    await waitFor(() => expect(invite()).not.toBeInTheDocument());
    // shown again, then gone with a reload of the game
    post({ v: 2, id: "b4", type: "inviteButton.show", payload: {} }, frame.contentWindow);
    await waitFor(() => expect(invite()).toBeInTheDocument());
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(invite()).not.toBeInTheDocument());
  });

  it("reports the game's own joinable room after the presence of the game, and its leaving (D122)", async () => {
    const calls: Array<[string, string, unknown]> = [];
    const record = (method: string, path: string): MockRoute => [
      method,
      path,
      ({ body }: { body: unknown }) => {
        calls.push([method, path, body]);
        return new Response(null, { status: 204 });
      },
    ];
    mockApi([
      signedInAs({ id: 7, username: "ada" }),
      ["POST", "/api/games/5/play", () => jsonResponse({ plays: 10, playId: "p-1" })],
      record("POST", "/api/presence"),
      record("PUT", "/api/presence/room"),
    ]);
    renderWithProviders(<GamePlayer game={game} />);
    fireEvent.click(await screen.findByRole("button", { name: "Play Now" }));
    const frame = (await screen.findByTitle(game.title)) as HTMLIFrameElement;
    vi.spyOn(frame.contentWindow!, "postMessage").mockImplementation(() => {});
    const room = { id: "photon-42", joinable: true, inviteParams: { roomId: "42" } };
    post({ v: 2, id: "o1", type: "ownRoom.set", payload: { room } }, frame.contentWindow);
    post({ v: 2, id: "o2", type: "ownRoom.set", payload: { room } }, frame.contentWindow);
    post({ v: 2, id: "o3", type: "ownRoom.set", payload: { room: { ...room, joinable: false } } }, frame.contentWindow);
    post({ v: 2, id: "o4", type: "ownRoom.set", payload: { room: null } }, frame.contentWindow);
    await waitFor(() => expect(calls.filter(([, path]) => path === "/api/presence/room")).toHaveLength(2));
    expect(calls).toEqual([
      ["POST", "/api/presence", { gameId: 5 }],
      ["PUT", "/api/presence/room", { gameId: 5, room: { id: "photon-42", inviteParams: { roomId: "42" } } }],
      ["PUT", "/api/presence/room", { gameId: 5, room: null }],
    ]);
  });

  it("never offers Invite friends to a guest", async () => {
    const { frame } = await startGame();
    post(roomCall("a1", "create", { maxPlayers: 2, visibility: "public" }), frame.contentWindow);
    const ws = FakeWebSocket.last();
    ws.open();
    const snapshot = {
      id: "r1",
      code: "ABC234",
      joinable: true,
      maxPlayers: 2,
      players: [],
      me: "g1",
      state: {},
      seq: 1,
    };
    ws.push({ type: "room-result", id: ws.frames()[0].id, ok: true, value: snapshot });
    await waitFor(() => expect(ws.frames()).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Invite friends" })).not.toBeInTheDocument();
  });

  it("D124: shows the room's players, with their count, following joins, drops, hosts and leaves", async () => {
    const { frame } = await startGame();
    const playersButton = () => screen.queryByRole("button", { name: /^Players/ });
    expect(playersButton()).not.toBeInTheDocument();
    post(roomCall("a1", "join", { code: "ABC234" }), frame.contentWindow);
    const ws = FakeWebSocket.last();
    ws.open();
    const [{ id, frame: frameId }] = ws.frames();
    const ada = { id: "u7", name: "ada", avatarUrl: null, connected: true, host: true };
    const me = { id: "g2", name: "Guest 2", avatarUrl: null, connected: true, host: false };
    const snapshot = { id: "r1", code: "ABC234", joinable: true, maxPlayers: 4, players: [ada, me], me: "g2" };
    ws.push({ type: "room-result", id, ok: true, value: { ...snapshot, state: {}, seq: 1 } });
    await waitFor(() => expect(playersButton()).toHaveAccessibleName("Players (2)"));
    const event = (e: Record<string, unknown>) => ws.push({ type: "room-event", frame: frameId, event: e });
    event({ type: "join", roomId: "r1", player: { ...ada, id: "u8", name: "bob", host: false } });
    event({ type: "drop", roomId: "r1", playerId: "u7" });
    event({ type: "host", roomId: "r1", playerId: "u8" });
    await waitFor(() => expect(playersButton()).toHaveAccessibleName("Players (3)"));
    fireEvent.click(playersButton()!);
    const dialog = await screen.findByRole("dialog", { name: "Players" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace(/\s+/g, " ").trim()),
    ).toEqual(["ada away", "Guest 2 you", "bob host"]);
    event({ type: "reconnect", roomId: "r1", playerId: "u7" });
    event({ type: "leave", roomId: "r1", playerId: "u8", reason: "left" });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("listitem")
          .map((li) => li.textContent?.replace(/\s+/g, " ").trim()),
      ).toEqual(["ada", "Guest 2 you"]),
    );
    expect(playersButton()).toHaveAccessibleName("Players (2)");
    event({ type: "closed", roomId: "r1", reason: "empty" });
    await waitFor(() => expect(playersButton()).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
