import { z } from "zod";
import { BOOT_TEST, CHECK_IDS, CHECK_STATUSES, DETECTED_SDKS } from "./build-checks-constants";

/** D132: one finding of a package's static checks. */
export const checkFindingSchema = z.object({
  id: z.enum(CHECK_IDS),
  status: z.enum(CHECK_STATUSES),
  message: z.string(),
});

export const outsideHostSchema = z.object({
  host: z.string(),
  /** scripts index.html loads from this host (absolute addresses, at most a few) */
  scripts: z.array(z.string()),
  /** package files whose text names this host (at most a few) */
  files: z.array(z.string()),
});

export const staticReportSchema = z.object({
  status: z.enum(CHECK_STATUSES),
  findings: z.array(checkFindingSchema),
  fileCount: z.number().int().nonnegative(),
  unpackedBytes: z.number().int().nonnegative(),
  initialDownload: z.object({
    bytes: z.number().int().nonnegative(),
    files: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative() })),
    /** local files index.html names that are not in the package */
    missing: z.array(z.string()),
  }),
  outsideHosts: z.array(outsideHostSchema),
  sdks: z.array(z.enum(DETECTED_SDKS)),
});

/** What the browser of whoever ran the boot test sends (D132); every size is bounded. */
export const bootResultBodySchema = z.object({
  /** which report the test ran against (the package hash the report shows) */
  packageHash: z.string().regex(/^[0-9a-f]{64}$/),
  started: z.boolean(),
  firstFrameMs: z.number().int().min(0).max(BOOT_TEST.timeoutMs).nullable(),
  /** how the first frame was seen: the probe inside the frame, or only the frame's load event */
  firstFrameBy: z.enum(["canvas", "dom", "load"]).nullable(),
  gameplayStartMs: z.number().int().min(0).max(BOOT_TEST.timeoutMs).nullable(),
  errors: z.array(z.string().max(BOOT_TEST.maxErrorChars)).max(BOOT_TEST.maxErrors),
  picture: z
    .string()
    .max(BOOT_TEST.maxPictureChars)
    .regex(/^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/)
    .nullable(),
  /** why there is no picture, in a plain sentence */
  pictureNote: z.string().max(300).nullable(),
  userAgent: z.string().max(300),
});

export const bootResultSchema = bootResultBodySchema.omit({ packageHash: true }).extend({
  ranAt: z.string(),
  ranBy: z.string().nullable(),
});

export const packageCheckSchema = z.object({
  gameId: z.number().int(),
  packageHash: z.string(),
  checkedAt: z.string(),
  report: staticReportSchema,
  boot: bootResultSchema.nullable(),
});

export const packageCheckResponseSchema = z.object({ check: packageCheckSchema.nullable() });

export type CheckFinding = z.infer<typeof checkFindingSchema>;
export type OutsideHost = z.infer<typeof outsideHostSchema>;
export type StaticReport = z.infer<typeof staticReportSchema>;
export type BootResultBody = z.infer<typeof bootResultBodySchema>;
export type BootResult = z.infer<typeof bootResultSchema>;
export type PackageCheck = z.infer<typeof packageCheckSchema>;
