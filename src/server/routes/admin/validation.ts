import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import { errorResponses } from "../../../contract/common";
import { Invalid } from "../../errors";
import { clientIssueMessage } from "../../validation-issues";

/** The D60 error bodies every admin route may answer with. */
export const adminErrorResponses = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/** zod's own wording ("Invalid input: expected string…", "Too small: …"): such messages get the field's path in front. */
const ZOD_DEFAULT =
  /^(Invalid (input|option|string|type|key|element|union|email|url|date|number|format|value|enum|literal)|Too (small|big)|Unrecognized|Expected |Required$)/;

type Issue = { path: string; message: string };

/**
 * D60: a validation failure is 400 `{message, errors}` where `message` is the first
 * failing rule's own text ('Title is required', 'Please enter a valid email address' …).
 */
export function validationBody(issues: Issue[]): { message: string; errors: Issue[] } {
  const first = issues[0];
  if (!first) return { message: "Invalid request", errors: [] };
  const message = ZOD_DEFAULT.test(first.message)
    ? `Invalid ${first.path || "request"}: ${first.message}`
    : first.message;
  return { message, errors: issues };
}

export function zodIssues(error: z.ZodError, context?: string): Issue[] {
  return error.issues.map((i) => ({
    path: [context, ...i.path.map(String)].filter(Boolean).join("."),
    message: clientIssueMessage({ keyword: i.code, message: i.message }),
  }));
}

/** Throws the 400 of validationBody for a failed safeParse (used where a route parses by hand, e.g. multipart fields). */
export class ValidationFailure extends Invalid {
  constructor(public body: { message: string; errors: Issue[] }) {
    super(body.message);
  }
}

export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown, context?: string): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationFailure(validationBody(zodIssues(result.error, context)));
  return result.data;
}

/** Error handler of the admin scope: validation errors in the spec's words; everything else goes to the global D60 handler. */
export function adminErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ValidationFailure) {
    return reply.code(400).send(error.body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: `${error.validationContext ?? ""}${v.instancePath ? v.instancePath.replace(/\//g, ".") : ""}`
        .replace(/^\./, "")
        .replace(/\.$/, ""),
      message: clientIssueMessage(v),
    }));
    return reply.code(400).send(validationBody(issues));
  }
  throw error;
}
