import crypto from "node:crypto";

/**
 * D107: the "known device" mark, given to a browser after a successful sign-in so that limits which anyone
 * can fill for an account (the per-address cap on staff code mails, the per-account caps on guesses) do not count the
 * owner's own device. No HTTP types: the cookie itself is set by plugins/known-device.ts.
 *
 * Contract:
 * - `issueKnownDevice(key, userId, previous, now)` returns the mark's text `v1.{userId}.{deviceId}.{issuedAt}.{mac}`,
 *   the MAC an HMAC-SHA256 with `key` (the site's secret, SecretBox.keyFor) over everything before it. A valid
 *   `previous` mark of the same user keeps its device id, so the device's own limits stay one bucket.
 * - `readKnownDevice(key, text, now)` returns `{userId, deviceId}` of a mark this site made within
 *   KNOWN_DEVICE_MAX_AGE_MS, and undefined for anything else (malformed, forged, tampered, made with another key, old).
 * - `knownDeviceFor(key, text, userId, now)` returns the device id only when the mark belongs to that user.
 */

/** Long-lived: a staff member signs in from the same few browsers for months. */
export const KNOWN_DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type KnownDevice = { userId: number; deviceId: string };

function macOf(key: Buffer, body: string): string {
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

export function readKnownDevice(key: Buffer, text: string | undefined, now = new Date()): KnownDevice | undefined {
  if (!text || text.length > 200) return undefined;
  const parts = text.split(".");
  if (parts.length !== 5 || parts[0] !== "v1") return undefined;
  const [, user, deviceId, issued, mac] = parts;
  if (!/^[1-9]\d{0,15}$/.test(user) || !/^[A-Za-z0-9_-]{22}$/.test(deviceId) || !/^\d{1,15}$/.test(issued))
    return undefined;
  const expected = Buffer.from(macOf(key, parts.slice(0, 4).join(".")));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  const age = now.getTime() - Number(issued) * 1000;
  if (age < -60_000 || age > KNOWN_DEVICE_MAX_AGE_MS) return undefined;
  return { userId: Number(user), deviceId };
}

export function knownDeviceFor(
  key: Buffer,
  text: string | undefined,
  userId: number | undefined,
  now = new Date(),
): string | undefined {
  const mark = readKnownDevice(key, text, now);
  return mark && userId !== undefined && mark.userId === userId ? mark.deviceId : undefined;
}

export function issueKnownDevice(key: Buffer, userId: number, previous: string | undefined, now = new Date()): string {
  const deviceId = knownDeviceFor(key, previous, userId, now) ?? crypto.randomBytes(16).toString("base64url");
  const body = `v1.${userId}.${deviceId}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${macOf(key, body)}`;
}
