import { Writable } from "node:stream";
import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseInputError, databaseUnavailable } from "../db/pg-errors";
import { Conflict, Forbidden, Invalid, NotFound, TooLarge, TooMany, Unauthorized, UnsupportedType } from "../errors";
import { adminErrorHandler } from "../routes/admin/validation";
import { errorsPlugin, UNAVAILABLE_MESSAGE } from "./errors";

/** An app with only the error handler (D60) and a log captured line by line. */
async function appThrowing(thrown: unknown) {
  const lines: Array<{ level: number; msg: string; url?: string }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream } });
  await app.register(errorsPlugin);
  app.post("/thing/:id", async () => {
    throw thrown;
  });
  await app.ready();
  return { app, lines };
}

const pgError = (code: string) =>
  Object.assign(new Error(`Failed query: insert … params: secret`), {
    cause: Object.assign(new Error("invalid input"), { code }),
  });

describe("errors plugin (D60, issue 8)", () => {
  it("maps data exceptions (22xxx) and index-row-too-large (54000) to 400, and nothing else", () => {
    expect(databaseInputError(pgError("22P02"))).toBe("Invalid value");
    expect(databaseInputError(pgError("22021"))).toBe("Invalid value");
    expect(databaseInputError(pgError("54000"))).toBe("Value is too long");
    expect(databaseInputError(pgError("23505"))).toBeUndefined();
    expect(databaseInputError(pgError("57P01"))).toBeUndefined();
    expect(databaseInputError(new Error("x"))).toBeUndefined();
    expect(databaseInputError(undefined)).toBeUndefined();
  });

  it("answers a value the database refused with 400 {message}, no SQL, and logs it as an error naming the route (a validation gap)", async () => {
    const { app, lines } = await appThrowing(pgError("22P02"));
    const res = await app.inject({ method: "POST", url: "/thing/7", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Invalid value" });
    const line = lines.find((l) => l.msg.startsWith("validation gap"));
    expect(line).toMatchObject({ level: 50, url: "/thing/:id" });
    await app.close();
  });

  it("answers anything else unexpected with 500 and no detail; a domain error keeps its status, message and headers", async () => {
    const crash = await appThrowing(pgError("42P01"));
    const res = await crash.app.inject({ method: "POST", url: "/thing/1", payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal server error" });
    expect(crash.lines.some((l) => l.level === 50 && l.msg === "unhandled error")).toBe(true);
    await crash.app.close();

    const limited = await appThrowing(new TooMany("Slow down", 9));
    const r = await limited.app.inject({ method: "POST", url: "/thing/1", payload: {} });
    expect(r.statusCode).toBe(429);
    expect(r.headers["retry-after"]).toBe("9");
    expect(r.json()).toEqual({ message: "Slow down" });
    await limited.app.close();
  });

  it("maps each domain error to its status with the message as it was thrown (D60)", async () => {
    const cases: Array<[Error, number]> = [
      [new Invalid("Bad value"), 400],
      [new Unauthorized("Not signed in"), 401],
      [new Forbidden("Admins only"), 403],
      [new NotFound("Game not found"), 404],
      [new Conflict("Username is already taken"), 409],
      [new TooLarge("The image is too large"), 413],
      [new UnsupportedType("Not an image"), 415],
    ];
    for (const [error, status] of cases) {
      const { app } = await appThrowing(error);
      const res = await app.inject({ method: "POST", url: "/thing/1", payload: {} });
      expect(res.statusCode, error.message).toBe(status);
      expect(res.json()).toEqual({ message: error.message });
      expect(res.headers["retry-after"]).toBeUndefined();
      await app.close();
    }
  });

  it("recognises a database that is restarting or unreachable, and nothing else", () => {
    for (const code of ["57P01", "57P03", "08006", "08001", "53300", "ECONNREFUSED", "ECONNRESET"])
      expect(databaseUnavailable(pgError(code)), code).toBe(true);
    expect(databaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(databaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(databaseUnavailable({ code: "55000", message: 'database "x" is not currently accepting connections' })).toBe(
      true,
    );
    for (const code of ["55000", "23505", "22P02", "42P01", "40001"])
      expect(databaseUnavailable(pgError(code)), code).toBe(false);
    expect(databaseUnavailable(new Error("boom"))).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
  });

  it("answers a database outage with 503, Retry-After and a message to try again, logged as an error", async () => {
    const { app, lines } = await appThrowing(pgError("57P01"));
    const res = await app.inject({ method: "POST", url: "/thing/3", payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    expect(lines.some((l) => l.level === 50 && /unavailable/.test(l.msg))).toBe(true);
    await app.close();
  });
});

describe("validation errors name fields, never echo what a client made up (D60)", () => {
  const HOSTILE_KEY = "' UNION SELECT password_hash FROM users --";

  async function strictRoute(errorHandler?: "admin") {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    await app.register(errorsPlugin);
    await app.register(async (scope) => {
      if (errorHandler === "admin") scope.setErrorHandler(adminErrorHandler);
      scope
        .withTypeProvider<ZodTypeProvider>()
        .put("/thing", { schema: { body: z.object({ body: z.string() }).strict() } }, async () => ({ ok: true }));
    });
    await app.ready();
    return app;
  }

  it.each([["site"], ["admin"]] as const)("%s: an unknown key is refused with 400 without its name", async (kind) => {
    const app = await strictRoute(kind === "admin" ? "admin" : undefined);
    const res = await app.inject({ method: "PUT", url: "/thing", payload: { body: "x", [HOSTILE_KEY]: null } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain("SELECT");
    expect(res.json().message).toMatch(/Unrecognized/);
    const known = await app.inject({ method: "PUT", url: "/thing", payload: { body: 7 } });
    expect(known.statusCode).toBe(400);
    expect(known.json().errors[0].path).toMatch(/(^|\.)body$/);
    await app.close();
  });
});
