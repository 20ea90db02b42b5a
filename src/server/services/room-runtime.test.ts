import { expect, it, vi } from "vitest";
import type { RoomEvent, RoomSnapshot } from "../../contract/rooms";
import { insertGame } from "../../test/factories";
import { describeEachDatabase } from "../../test/test-app";
import { guestMember, newGuestSecret, type RoomAnswer } from "./room-runtime";

function value<T>(answer: RoomAnswer): T {
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

describeEachDatabase("the rooms' runtime", (t) => {
  it("relays messages and state without looking through every room for the next deadline", async () => {
    const rooms = t().app.rooms;
    const gameId = (await insertGame(t())).id;
    const received: RoomEvent[] = [];
    const hostSocket = rooms.attachSocket(() => {});
    const guestSocket = rooms.attachSocket((_frame, event) => received.push(event));
    const host = guestMember(newGuestSecret());
    const guest = guestMember(newGuestSecret());
    const room = value<RoomSnapshot>(
      await rooms.request(hostSocket.socketId, host, "f1", gameId, {
        type: "create",
        maxPlayers: 2,
        visibility: "private",
      }),
    );
    value(await rooms.request(guestSocket.socketId, guest, "f1", gameId, { type: "join", code: room.code }));

    // nextDeadline walks every seat of every room: at 10 messages a second a player, once a message was quadratic
    const walks = vi.spyOn(rooms.rooms, "nextDeadline");
    value(await rooms.request(hostSocket.socketId, host, "f1", gameId, { type: "send", roomId: room.id, data: 1 }));
    value(
      await rooms.request(hostSocket.socketId, host, "f1", gameId, {
        type: "setState",
        roomId: room.id,
        key: "turn",
        value: "guest",
      }),
    );
    expect(received.filter((e) => e.type === "message" || e.type === "state")).toHaveLength(2);
    expect(walks).not.toHaveBeenCalled();

    // a drop starts a seat's grace: the timer is armed for it
    hostSocket.detach();
    expect(walks).toHaveBeenCalled();
    expect(received).toContainEqual(expect.objectContaining({ type: "drop", roomId: room.id }));
    walks.mockRestore();
    guestSocket.detach();
    await rooms.settled();
  });
});
