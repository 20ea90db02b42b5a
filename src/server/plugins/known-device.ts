import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { issueKnownDevice, knownDeviceFor, KNOWN_DEVICE_MAX_AGE_MS } from "../services/known-device";
import { secretBox } from "../services/secret-box";

/** On https `__Host-` (the browser keeps it only if Secure, Path=/ and no Domain: no sibling host can plant one). */
export const knownDeviceCookieName = (secure: boolean) => (secure ? "__Host-known_device" : "known_device");

/**
 * D107: the known-device cookie of the sign-in routes (services/known-device.ts makes and checks its text).
 * HttpOnly, SameSite=Lax, Secure on https, for a year; one per browser, for the account that signed in last.
 */
export function knownDeviceCookies(config: Pick<Config, "twoStepKey" | "publicUrl">, now: () => Date) {
  const secure = config.publicUrl.startsWith("https:");
  const name = knownDeviceCookieName(secure);
  let key: Promise<Buffer> | undefined;
  const getKey = () => (key ??= secretBox(config.twoStepKey).keyFor("known-device cookie"));
  return {
    /** The device id of the request's cookie when it is valid for `userId` (undefined for no account). */
    async deviceOf(request: FastifyRequest, userId: number | undefined): Promise<string | undefined> {
      const text = request.cookies?.[name];
      if (!text || userId === undefined) return undefined;
      return knownDeviceFor(await getKey(), text, userId, now());
    },
    /** Marks the browser as a device `userId` signed in from. */
    async remember(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
      const text = issueKnownDevice(await getKey(), userId, request.cookies?.[name], now());
      reply.setCookie(name, text, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: KNOWN_DEVICE_MAX_AGE_MS / 1000,
      });
    },
  };
}

export type KnownDeviceCookies = ReturnType<typeof knownDeviceCookies>;
