import { CHAT_LIVE_PATH } from "@contract/chat-constants";
import { ACCOUNT_CLOSED_CODE } from "@contract/player-live";
import { liveSession, onLiveSessionChange } from "./live-session";

/**
 * The page's one live connection (D37): the public chat's events and, when the page has a session,
 * that player's own events (notifications, friends, presence, direct messages) arrive on the same WebSocket.
 * Whoever needs it subscribes; the socket opens with the first subscriber and closes after the last one leaves.
 * It reconnects with backoff (1 s doubling up to 30 s, randomised) and at once when the browser comes back
 * online; `reconnectLive()` starts a new connection (after signing in or out, so that the server binds it to the
 * new session). Subscribers hear every parsed message and every status change; each one picks its own events.
 * The page may also send on it (`sendLive`: ADR 027's room frames), only while it is open.
 */

export type LiveStatus = "connecting" | "open" | "reconnecting";

export type LiveSubscriber = {
  /** a message as parsed JSON (anything: check it) */
  onMessage?: (data: unknown) => void;
  /** the connection's status; "open" also after every reconnect (refetch what may have been missed) */
  onStatus?: (status: LiveStatus) => void;
};

/** Reconnect backoff: 1 s doubling up to 30 s, each delay randomised between half and all of it. */
export const LIVE_RECONNECT = { initialMs: 1000, maxMs: 30_000 };

/** The live channel's URL on this page's own host (ws: or wss: to match http: or https:). */
export function liveUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${CHAT_LIVE_PATH}`;
}

const subscribers = new Set<LiveSubscriber>();
let socket: WebSocket | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let status: LiveStatus = "connecting";
let onlineListening = false;
/** Who was signed in (lib/live-session.ts) when the socket connected. */
let connectedSession: number | null | undefined;

function setStatus(next: LiveStatus) {
  status = next;
  for (const s of [...subscribers]) s.onStatus?.(next);
}

function connect() {
  timer = undefined;
  if (subscribers.size === 0 || typeof WebSocket === "undefined") return;
  let ws: WebSocket;
  connectedSession = liveSession();
  try {
    ws = new WebSocket(liveUrl());
  } catch (err) {
    console.warn("Live: could not open the connection", err);
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    attempt = 0;
    setStatus("open");
  };
  ws.onmessage = (message) => {
    if (socket !== ws || typeof message.data !== "string") return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const s of [...subscribers]) s.onMessage?.(data);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    if (subscribers.size === 0) return;
    // D96: the server closed the socket because the account was banned: subscribers hear it as a message
    if (event.code === ACCOUNT_CLOSED_CODE) for (const s of [...subscribers]) s.onMessage?.({ type: "account-closed" });
    setStatus("reconnecting");
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (subscribers.size === 0 || timer !== undefined) return;
  const base = Math.min(LIVE_RECONNECT.maxMs, LIVE_RECONNECT.initialMs * 2 ** attempt);
  attempt = Math.min(attempt + 1, 10);
  timer = setTimeout(connect, base / 2 + Math.random() * (base / 2));
}

/** Back online: try at once instead of waiting for the backoff. */
function onOnline() {
  if (socket || subscribers.size === 0) return;
  if (timer !== undefined) clearTimeout(timer);
  attempt = 0;
  connect();
}

function close() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const ws = socket;
  socket = null;
  if (!ws) return;
  // Closing a socket that is still connecting makes the browser log an error: wait for it to open.
  if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close(1000);
  else ws.close(1000);
}

/** Joins the live connection (opening it if needed); returns the function that leaves it. */
export function subscribeLive(subscriber: LiveSubscriber): () => void {
  subscribers.add(subscriber);
  if (typeof window !== "undefined" && !onlineListening) {
    window.addEventListener("online", onOnline);
    onlineListening = true;
  }
  if (!socket && timer === undefined) {
    status = "connecting";
    connect();
  } else {
    subscriber.onStatus?.(status);
  }
  return () => {
    if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
    close();
    attempt = 0;
    if (onlineListening) {
      window.removeEventListener("online", onOnline);
      onlineListening = false;
    }
  };
}

/**
 * Sends one frame as JSON on the open connection; false when there is none open just now (the caller waits for
 * the next "open"). Only a subscriber sends: the connection lives while somebody listens.
 */
export function sendLive(frame: unknown): boolean {
  if (!socket || status !== "open" || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

/** A new connection for the same subscribers (the session changed: the server binds a socket to its session). */
export function reconnectLive(): void {
  if (subscribers.size === 0) return;
  close();
  attempt = 0;
  setStatus("connecting");
  connect();
}

/**
 * The header says who is signed in (lib/live-session.ts). The server binds a socket to the session it was opened
 * with, so a socket opened before a sign-in (or a sign-out) made without reloading the page is replaced. A socket
 * opened before the page knew is assumed right: the browser sent the same cookie.
 */
onLiveSessionChange((userId) => {
  const before = connectedSession;
  if (!socket && timer === undefined) return;
  if (before === undefined) {
    connectedSession = userId;
    return;
  }
  if (before !== userId) reconnectLive();
});
