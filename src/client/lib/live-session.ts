/**
 * Who the page knows to be signed in, for the live connection (lib/live-socket.ts): the header says it on every page,
 * and a signed-out page that never opens the connection need not load the connection's code to say it (D73).
 */

/** A user id, null when signed out, undefined while not known yet. */
let session: number | null | undefined;
let listener: ((userId: number | null) => void) | undefined;

/** The header says who is signed in (a user id, or null). */
export function setLiveSession(userId: number | null): void {
  session = userId;
  listener?.(userId);
}

export function liveSession(): number | null | undefined {
  return session;
}

/** The live connection, once its code has loaded, hears every later change (it replaces a socket of another session). */
export function onLiveSessionChange(onChange: (userId: number | null) => void): void {
  listener = onChange;
}
