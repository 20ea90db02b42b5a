import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../contract/common";
import { undoChangeResponseSchema, undoChangeSchema } from "../../contract/me";
import { STEP_UP_TEXTS } from "../../contract/step-up-constants";
import type { AppContext } from "../context";
import { undoChange } from "../services/account-changes";
import { audit } from "../services/audit";

/**
 * D105: the undo link of the notice mailed after an email or password change (/account/undo posts its token here).
 * No session is needed: the owner may be signed out everywhere by then. Tries are limited per client address.
 */
export const accountUndoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, settings, rateLimits }) => {
  app.post(
    "/api/account/undo",
    {
      schema: { body: undoChangeSchema, response: { 200: undoChangeResponseSchema, ...errorResponses(400, 409, 429) } },
    },
    async (request) => {
      await rateLimits.enforce("accountUndo", `account-undo:ip:${request.ip}`);
      const now = settings.now();
      const undone = await undoChange(db, request.body.token, now);
      await audit(
        db,
        {
          actor: { id: undone.userId, label: undone.username, role: undone.role },
          action: undone.kind === "email" ? "account.email_change_undone" : "account.password_change_undone",
          target: { kind: "user", id: undone.userId },
          after: { email: undone.restoredEmail, endedSessions: undone.endedSessions },
          ip: request.ip,
        },
        (err) => request.log.warn({ err }, "could not write the audit log"),
        now,
      );
      return { message: STEP_UP_TEXTS.undoDone[undone.kind] };
    },
  );
};
