import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  twoStepCodeBodySchema,
  twoStepConfirmResponseSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from "../../../contract/admin/two-step";
import { TWO_STEP_TEXTS } from "../../../contract/two-step-constants";
import type { AppContext } from "../../context";
import { requireStaff, sessionToken } from "../../plugins/auth";
import { actorOf, audit } from "../../services/audit";
import { siteName } from "../../services/content";
import { secretBox } from "../../services/secret-box";
import { endUserSessions } from "../../services/sessions";
import { requireFreshProof } from "../../services/step-up";
import {
  confirmTwoStep,
  disableTwoStep,
  startTwoStep,
  twoStepRequiredOf,
  twoStepStatus,
} from "../../services/two-step";
import { getAdminSelf } from "../../services/users";
import { adminErrorResponses } from "./validation";

/**
 * The signed-in staff member's own two-step sign-in (admins and moderators alike). While it is required
 * (of every admin, D106; of moderators by the Settings switch) and not set up, these routes and GET /api/admin/user
 * are the only admin routes that answer (routes/admin/index.ts TWO_STEP_ENROLMENT_ROUTES). Codes never reach the
 * audit log.
 */
export const adminTwoStepRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, settings, rateLimits },
) => {
  const box = secretBox(config.twoStepKey);
  app.get(
    "/api/admin/two-step",
    { schema: { response: { 200: twoStepStatusSchema, ...adminErrorResponses } } },
    async (request) => {
      const me = requireStaff(request);
      const [status, required] = await Promise.all([twoStepStatus(db, me.id), twoStepRequiredOf(db, me.role)]);
      return { ...status, required, mustEnrol: required && !status.enabled };
    },
  );

  // The secret, its otpauth:// URI and QR code: sent here only, before the first code confirms it.
  app.post(
    "/api/admin/two-step/setup",
    { schema: { body: z.unknown().optional(), response: { 200: twoStepSetupSchema, ...adminErrorResponses } } },
    async (request) => {
      const me = requireStaff(request);
      request.auditRecord = { action: "two_step.setup_started", target: { kind: "user", id: String(me.id) } };
      const self = await getAdminSelf(db, me.id);
      return startTwoStep(db, box, me.id, self.email ?? me.username, await siteName(db), settings.now());
    },
  );

  app.post(
    "/api/admin/two-step/confirm",
    {
      schema: { body: twoStepCodeBodySchema, response: { 200: twoStepConfirmResponseSchema, ...adminErrorResponses } },
    },
    async (request) => {
      const me = requireStaff(request);
      const recoveryCodes = await confirmTwoStep(
        db,
        box,
        me.id,
        request.body.code,
        settings.now(),
        settings.recoveryCodeHashCost,
      );
      // the staff member's other sessions were opened without the second factor: they end (this one stays)
      const endedSessions = await endUserSessions(db, me.id, { exceptToken: sessionToken(request) });
      request.auditRecord = {
        action: "two_step.enabled",
        target: { kind: "user", id: String(me.id) },
        after: { endedSessions },
      };
      return { recoveryCodes, message: TWO_STEP_TEXTS.enabled };
    },
  );

  // Off with a current code or a recovery code; the tries are limited (a stolen session must not guess its way out).
  // D105: and only after the session confirmed it's the owner in the last 10 minutes (POST /api/me/step-up).
  app.post(
    "/api/admin/two-step/disable",
    {
      schema: {
        body: twoStepCodeBodySchema,
        response: { 200: z.object({ message: z.string() }), ...adminErrorResponses },
      },
    },
    async (request) => {
      const me = requireStaff(request);
      await requireFreshProof(db, sessionToken(request), settings.now());
      const key = `admin-code:disable:${me.id}`;
      await rateLimits.reserve(["adminCodeFailure", key]);
      try {
        await disableTwoStep(db, box, me.id, request.body.code, settings.now());
      } catch (err) {
        // A wrong code here may be someone else at an open session: recorded (the write hook logs successes only)
        await audit(
          db,
          {
            actor: actorOf(me),
            action: "two_step.disable_failed",
            target: { kind: "user", id: String(me.id) },
            ip: request.ip,
          },
          (e) => request.log.warn({ err: e }, "could not write the audit log"),
        );
        throw err;
      }
      await rateLimits.release(key);
      request.auditRecord = { action: "two_step.disabled", target: { kind: "user", id: String(me.id) } };
      return { message: TWO_STEP_TEXTS.disabled };
    },
  );
};
