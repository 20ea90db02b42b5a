import { z } from "zod";
import { isoDateTime } from "./common";

export * from "./consent-constants";

/** PUT /api/me/consent (D150): the signed-in player's choice for each optional purpose; the time is the server's. */
export const consentChoiceSchema = z.object({ statistics: z.boolean(), advertising: z.boolean() }).strict();

/** GET/PUT /api/me/consent */
export const accountConsentSchema = z.object({
  choice: z.object({ statistics: z.boolean(), advertising: z.boolean() }).nullable(),
  decidedAt: isoDateTime.nullable(),
});
