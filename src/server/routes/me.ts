import fsp from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../contract/common";
import { accountConsentSchema, consentChoiceSchema } from "../../contract/consent";
import {
  accountSettingsPatchSchema,
  accountSettingsSchema,
  AVATAR_MAX_UPLOAD_BYTES,
  avatarResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  sessionIdParamSchema,
  sessionListSchema,
  stepUpBodySchema,
  stepUpResponseSchema,
  stepUpStatusSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from "../../contract/me";
import { STEP_UP_TEXTS } from "../../contract/step-up-constants";
import type { AppContext } from "../context";
import { Forbidden, Invalid, NotFound } from "../errors";
import { clearSessionCookie, requireUser, sessionToken } from "../plugins/auth";
import { changeNotice, type ChangeKind } from "../services/account-changes";
import { getAccountConsent, setAccountConsent } from "../services/account-consent";
import { cancelAccountDeletion, requestAccountDeletion } from "../services/account-deletion";
import { exportAccount } from "../services/account-export";
import {
  changePassword,
  getAccountSettings,
  removeAvatar,
  requestEmailChange,
  setAvatar,
  updateAccountSettings,
  verifyEmailToken,
} from "../services/account-settings";
import { actorOf, audit } from "../services/audit";
import { siteName } from "../services/content";
import { createMailer, deletionRequestedMail, type MailMessage } from "../services/mailer";
import { endUserSessions, hashToken, listUserSessions, sessionHandle, type SessionUser } from "../services/sessions";
import {
  assertMayChangeAddress,
  assertMayRequestDeletion,
  hasFreshProof,
  proveByCode,
  proveByPassword,
  requireFreshProof,
  sendStepUpCode,
  stepUpMethods,
  visibleSessionKinds,
} from "../services/step-up";
import { FORM_LIMITS, readMultipartUpload } from "./admin/multipart";

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);
const noContent = { 204: z.null(), ...errors };

/**
 * D87, D100: the player's own account (/settings): sessions, password, email, avatar, privacy and
 * notification choices, "Download my data" and "Delete my account". Every route needs a session (401) and
 * acts on the session's user only: no user id is ever read from a request.
 */
export const meRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, files, settings, rateLimits, reads, presence },
) => {
  const secure = config.publicUrl.startsWith("https:");
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  // D100: every route here needs a session; 401 comes before any validation error (policy declared once, for this
  // plugin's routes). The one exception answers a signed-out request itself (/api/me/consent, below).
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.url === "/api/me/consent") return;
    requireUser(request);
  });
  // Personal answers: never kept by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get("/api/me/settings", { schema: { response: { 200: accountSettingsSchema, ...errors } } }, async (request) =>
    getAccountSettings(db, requireUser(request).id, settings.now()),
  );

  app.patch(
    "/api/me/settings",
    { schema: { body: accountSettingsPatchSchema, response: { 200: accountSettingsSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const result = await updateAccountSettings(db, user.id, request.body, settings.now());
      // The public profile shows more or less from now on (decision 008: cached public reads are invalidated).
      if (request.body.profileVisibility !== undefined) await reads.invalidate();
      // D84: friends see the change at once (online when turned on, offline when turned off).
      if (request.body.presenceEnabled !== undefined) await presence.sharingChanged(user.id);
      return result;
    },
  );

  // D150: the cookie choice kept on the account (the browser's copy is the one that governs what loads). Pages read
  // and save it in the background after signing in; one that signs out meanwhile gets 204 (nothing synced), not a
  // 401 that the browser would log as an error (ADR 011).
  app.get(
    "/api/me/consent",
    { schema: { response: { 200: accountConsentSchema, 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!request.user) return reply.code(204).header("Cache-Control", "no-store").send(null);
      return getAccountConsent(db, request.user.id);
    },
  );

  app.put(
    "/api/me/consent",
    { schema: { body: consentChoiceSchema, response: { 200: accountConsentSchema, 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!request.user) return reply.code(204).header("Cache-Control", "no-store").send(null);
      return setAccountConsent(db, request.user.id, request.body, settings.now());
    },
  );

  // D87: the signed-in sessions, this one marked (D106: a player-kind session sees only player-kind ones).
  app.get("/api/me/sessions", { schema: { response: { 200: sessionListSchema, ...errors } } }, async (request) => {
    const user = requireUser(request);
    return listUserSessions(db, user.id, sessionToken(request), settings.now(), visibleSessionKinds(user.sessionKind));
  });

  // D87: "Sign out everywhere else".
  app.delete("/api/me/sessions/others", { schema: { response: noContent } }, async (request, reply) => {
    const user = requireUser(request);
    await endUserSessions(db, user.id, {
      exceptToken: sessionToken(request),
      kinds: visibleSessionKinds(user.sessionKind),
    });
    return reply.code(204).send(null);
  });

  // D87: one session ends (this one too: then the cookie goes as well).
  app.delete(
    "/api/me/sessions/:id",
    { schema: { params: sessionIdParamSchema, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      const ended = await endUserSessions(db, user.id, {
        handle: request.params.id,
        kinds: visibleSessionKinds(user.sessionKind),
      });
      if (!ended) throw new NotFound("Session not found");
      const token = sessionToken(request);
      if (token && sessionHandle(hashToken(token)) === request.params.id) clearSessionCookie(reply, secure);
      return reply.code(204).send(null);
    },
  );

  const logAuditError = (request: FastifyRequest) => (err: unknown) =>
    request.log.warn({ err }, "could not write the audit log");
  /** D105: an account change or a step-up, audit-logged as the session's user. */
  const record = (
    request: FastifyRequest,
    user: SessionUser,
    action: string,
    values: { before?: unknown; after?: unknown } = {},
  ) =>
    audit(
      db,
      { actor: actorOf(user), action, target: { kind: "user", id: user.id }, ip: request.ip, ...values },
      logAuditError(request),
      settings.now(),
    );
  const sendLogged = (request: FastifyRequest, mail: MailMessage | undefined) => {
    if (mail)
      mailer
        .send(mail)
        .catch((err: unknown) => request.log.error({ err, to: mail.to }, "could not send an account notice"));
  };

  /**
   * D105: one "Confirm it's you" try (a password or a code), counted per account before it is checked; a right one is
   * given back, a wrong one is audit-logged.
   */
  async function prove(
    request: FastifyRequest,
    user: SessionUser,
    proof: { password?: string; code?: string },
  ): Promise<Date> {
    const key = `step-up:${user.id}`;
    const token = sessionToken(request) ?? "";
    const now = settings.now();
    await rateLimits.reserve(["stepUp", key]);
    const method = proof.password !== undefined ? "password" : "code";
    try {
      const until =
        proof.password !== undefined
          ? await proveByPassword(db, {
              userId: user.id,
              token,
              password: proof.password,
              hashCost: settings.passwordHashCost,
              now,
            })
          : await proveByCode(db, { userId: user.id, token, code: proof.code ?? "", now });
      await rateLimits.release(key);
      return until;
    } catch (err) {
      if (err instanceof Forbidden) await record(request, user, "account.step_up_failed", { after: { method } });
      else await rateLimits.release(key);
      throw err;
    }
  }

  /** D105: the password given with the change, or proof the session gave in the last 10 minutes. */
  async function requireProof(request: FastifyRequest, user: SessionUser, password: string | undefined): Promise<void> {
    if (password !== undefined) await prove(request, user, { password });
    else await requireFreshProof(db, sessionToken(request), settings.now());
  }

  /** What the account's verified address is told after a change (D105), with its undo link. */
  async function notice(
    request: FastifyRequest,
    user: SessionUser,
    to: { email: string | null; verified: boolean },
    change: ChangeKind,
    extra: { newEmail?: string; oldPasswordHash?: string | null } = {},
  ) {
    const mail = await changeNotice(db, {
      userId: user.id,
      username: user.username,
      to,
      change,
      ...extra,
      publicUrl: config.publicUrl,
      siteName: await siteName(db),
      now: settings.now(),
    });
    sendLogged(request, mail);
  }

  const verifiedAddress = async (userId: number) => {
    const account = await getAccountSettings(db, userId, settings.now());
    return { email: account.email, verified: account.emailVerified };
  };

  // D105: how this account can confirm it's the owner, and whether this session has.
  app.get("/api/me/step-up", { schema: { response: { 200: stepUpStatusSchema, ...errors } } }, async (request) => {
    const user = requireUser(request);
    const [methods, steppedUp] = await Promise.all([
      stepUpMethods(db, user.id),
      hasFreshProof(db, sessionToken(request), settings.now()),
    ]);
    return { methods, steppedUp };
  });

  app.post(
    "/api/me/step-up",
    { schema: { body: stepUpBodySchema, response: { 200: stepUpResponseSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const until = await prove(request, user, request.body);
      await record(request, user, "account.stepped_up", {
        after: { method: request.body.password !== undefined ? "password" : "code" },
      });
      return { steppedUpUntil: until.toISOString() };
    },
  );

  // D105: a code to the verified address of an account without a password.
  app.post(
    "/api/me/step-up/code",
    { schema: { body: z.unknown().optional(), response: { 202: z.object({ message: z.string() }), ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimits.enforce("stepUpCode", `step-up-code:${user.id}`);
      const mail = await sendStepUpCode(db, { userId: user.id, siteName: await siteName(db), now: settings.now() });
      await mailer.send(mail);
      return reply.code(202).send({ message: STEP_UP_TEXTS.codeSent });
    },
  );

  // D87, D105: a new password (also the first one) needs proof; it ends the other sessions and the address is told.
  // D106: from a player-kind session, the player-kind ones only (a password signs no one in to the CMS).
  app.post(
    "/api/me/password",
    { schema: { body: changePasswordSchema, response: noContent } },
    async (request, reply) => {
      const user = requireUser(request);
      await requireProof(request, user, request.body.currentPassword);
      const { previousHash, endedSessions } = await changePassword(
        db,
        user.id,
        request.body.newPassword,
        { keepToken: sessionToken(request), endKinds: visibleSessionKinds(user.sessionKind) },
        settings.passwordHashCost,
      );
      const change = previousHash ? "password_changed" : "password_set";
      await record(request, user, `account.${change}`, { after: { endedSessions } });
      await notice(request, user, await verifiedAddress(user.id), change, { oldPasswordHash: previousHash });
      return reply.code(204).send(null);
    },
  );

  // D87: a verification link to the new address; the current one stays until it is used. D105, D106: a change needs
  // proof, and a staff member's needs a staff session (sending the link again for the current address needs neither).
  app.post(
    "/api/me/email",
    { schema: { body: changeEmailSchema, response: { 202: z.object({ message: z.string() }), ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      const current = await verifiedAddress(user.id);
      if (current.email?.toLowerCase() !== request.body.email.toLowerCase()) {
        await assertMayChangeAddress(db, user, sessionToken(request));
        await requireFreshProof(db, sessionToken(request), settings.now());
      }
      await rateLimits.enforce("emailVerification", `email-verify:${user.id}`);
      const mail = await requestEmailChange(db, user.id, request.body.email, {
        publicUrl: config.publicUrl,
        siteName: await siteName(db),
        now: settings.now(),
      });
      await mailer.send(mail);
      await record(request, user, "account.email_change_requested", { after: { email: request.body.email } });
      return reply
        .code(202)
        .send({ message: `We sent a verification link to ${request.body.email}. It is valid for 24 hours.` });
    },
  );

  // D87: the link's address becomes the account's. D105: a change ends the other sessions, and the old address is told
  // with an undo link. D106: a staff member's address changes only from a staff session.
  app.post(
    "/api/me/email/verify",
    { schema: { body: verifyEmailSchema, response: { 200: verifyEmailResponseSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      await assertMayChangeAddress(db, user, sessionToken(request));
      const verified = await verifyEmailToken(db, user.id, request.body.token, settings.now());
      if (verified.changed) {
        const endedSessions = await endUserSessions(db, user.id, { exceptToken: sessionToken(request) });
        await record(request, user, "account.email_changed", {
          before: { email: verified.previous.email },
          after: { email: verified.email, endedSessions },
        });
        await notice(request, user, verified.previous, "email", { newEmail: verified.email });
      } else await record(request, user, "account.email_verified", { after: { email: verified.email } });
      return { email: verified.email };
    },
  );

  // D87: the avatar, a multipart upload in a scope of its own (the rest of the site's bodies are JSON).
  const imageLimits = {
    ...settings.uploadLimits.image,
    maxUploadBytes: Math.min(settings.uploadLimits.image.maxUploadBytes, AVATAR_MAX_UPLOAD_BYTES),
  };
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      limits: { ...FORM_LIMITS, files: 1, fileSize: imageLimits.maxUploadBytes },
      throwFileSizeLimit: true,
    });
    const tmpDir = path.join(config.dataDir, "tmp");
    scope.post(
      "/api/me/avatar",
      { schema: { response: { 200: avatarResponseSchema, ...errors } }, config: { changesCatalogue: true } },
      async (request) => {
        const user = requireUser(request);
        // Counted before the body is read, so a refused upload costs no disk.
        await rateLimits.enforce("avatar", `avatar:${user.id}`);
        const upload = await readMultipartUpload(request, {
          fileField: "avatar",
          maxFileBytes: imageLimits.maxUploadBytes,
          tmpDir,
          tooLargeMessage: `The image is larger than ${Math.round(imageLimits.maxUploadBytes / (1024 * 1024))} MB`,
        });
        try {
          if (!upload.file) throw new Invalid("Please choose an image");
          if (upload.file.size === 0) throw new Invalid("The uploaded file is empty");
          const avatarUrl = await setAvatar(db, files, user.id, await fsp.readFile(upload.file.path), imageLimits);
          return { avatarUrl };
        } finally {
          await upload.cleanup();
        }
      },
    );
  });

  app.delete(
    "/api/me/avatar",
    { schema: { response: noContent }, config: { changesCatalogue: true } },
    async (request, reply) => {
      await removeAvatar(db, files, requireUser(request).id);
      return reply.code(204).send(null);
    },
  );

  // D87: "Download my data", a JSON file.
  app.get("/api/me/export", async (request, reply) => {
    const user = requireUser(request);
    await rateLimits.enforce("dataExport", `export:${user.id}`);
    const data = await exportAccount(db, user.id, settings.now());
    const name = data.account.username.replace(/[^A-Za-z0-9_-]/g, "_");
    return reply
      .type("application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="arcadium-data-${name}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  // D87: "Delete my account": a 14-day grace, then the deletion job anonymises it. D105: it needs proof; the other
  // sessions end and the address is told (signing in again cancels it). D106: a staff account's needs a staff session.
  app.delete(
    "/api/me",
    { schema: { body: deleteAccountSchema, response: { 202: deleteAccountResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      await assertMayRequestDeletion(db, user, sessionToken(request));
      await requireProof(request, user, request.body?.password);
      const deleteAfter = await requestAccountDeletion(db, user.id, settings.now());
      const endedSessions = await endUserSessions(db, user.id, {
        exceptToken: sessionToken(request),
        kinds: visibleSessionKinds(user.sessionKind),
      });
      await record(request, user, "account.deletion_requested", { after: { deleteAfter, endedSessions } });
      const to = await verifiedAddress(user.id);
      if (to.email && to.verified) {
        sendLogged(
          request,
          deletionRequestedMail({
            to: to.email,
            username: user.username,
            siteName: await siteName(db),
            publicUrl: config.publicUrl,
            deleteAfter,
          }),
        );
      }
      return reply.code(202).send({ deleteAfter: deleteAfter.toISOString() });
    },
  );

  app.post(
    "/api/me/delete/cancel",
    { schema: { body: z.unknown().optional(), response: noContent } },
    async (request, reply) => {
      await cancelAccountDeletion(db, requireUser(request).id);
      return reply.code(204).send(null);
    },
  );
};
