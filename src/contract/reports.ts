import { z } from "zod";
import { idParamSchema } from "./common";
import {
  REPORT_ACTIONS,
  reasonsFor,
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_REFUSALS,
  REPORT_TEXT_MAX_LENGTH,
  type MuteResult,
  type ReportActionResult,
  type ReportGroup,
  type ReportQueue,
} from "./reports-constants";
import { roomCodeSchema, roomPlayerIdSchema } from "./rooms";

/** D96: players' reports and the moderators' queue. Types and constants: ./reports-constants.ts. */
export * from "./reports-constants";

const id = idParamSchema.shape.id;

/** D124: POST /api/room-reports: a player of the reporter's room, by the room's code and its player id. */
export const createRoomReportSchema = z.strictObject({
  code: roomCodeSchema,
  playerId: roomPlayerIdSchema,
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }).refine((r) => r !== "doesnt_load", {
    message: REPORT_REFUSALS.reason,
  }),
  text: z
    .string()
    .trim()
    .max(REPORT_TEXT_MAX_LENGTH, `The text can be at most ${REPORT_TEXT_MAX_LENGTH} characters`)
    .optional()
    .transform((t) => (t ? t : undefined)),
});
export type CreateRoomReport = z.infer<typeof createRoomReportSchema>;

/** D102: POST /api/reports. The reporter is the session's user, never a field of the body. */
export const createReportSchema = z
  .strictObject({
    kind: z.enum(REPORT_KINDS, { error: "Kind must be one of chat, review, profile, message or game" }),
    targetId: id,
    reason: z.enum(REPORT_REASONS, { error: "Please choose a reason" }),
    text: z
      .string()
      .trim()
      .max(REPORT_TEXT_MAX_LENGTH, `The text can be at most ${REPORT_TEXT_MAX_LENGTH} characters`)
      .optional()
      .transform((t) => (t ? t : undefined)),
  })
  // D114: "doesn't load" is a game's reason, and a game's only one
  .refine((body) => reasonsFor(body.kind).includes(body.reason), {
    path: ["reason"],
    message: REPORT_REFUSALS.reason,
  });
export const reportCreatedSchema = z.object({ id: z.number().int(), message: z.string() });

export const reportQueueQuerySchema = z.object({
  status: z.enum(["open", "handled"], { error: "Status must be open or handled" }).default("open"),
  kind: z.enum(REPORT_KINDS).optional(),
});

const moderatedPlayerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  mutedUntil: z.string().nullable(),
  banned: z.boolean(),
});

export const reportGroupSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  targetId: z.number().int(),
  author: moderatedPlayerSchema.nullable(),
  content: z.string(),
  link: z.string().nullable(),
  contentGone: z.boolean(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporter: z.object({ id: z.number().int(), username: z.string() }),
      reason: z.enum(REPORT_REASONS),
      text: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  status: z.enum(["open", "dismissed", "actioned"]),
  action: z.enum(REPORT_ACTIONS).nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
}) satisfies z.ZodType<ReportGroup>;
export const reportQueueSchema = z.object({
  open: z.number().int(),
  items: z.array(reportGroupSchema),
}) satisfies z.ZodType<ReportQueue>;

export const reportActionSchema = z.strictObject({
  action: z.enum(REPORT_ACTIONS, { error: "Action must be one of dismiss, delete, mute or ban" }),
});
export const reportActionResultSchema = z.object({
  handled: z.number().int(),
  mutedUntil: z.string().nullable(),
}) satisfies z.ZodType<ReportActionResult>;

export const userIdParamsSchema = z.object({ userId: id });
export const muteResultSchema = z.object({
  userId: z.number().int(),
  mutedUntil: z.string(),
  step: z.number().int(),
}) satisfies z.ZodType<MuteResult>;
