import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiFieldError, checkWith, fieldErrorsOf, postForm, toFieldErrors, validateWith } from "./api-form";

afterEach(() => vi.unstubAllGlobals());

describe("toFieldErrors (D60 errors[])", () => {
  it("keeps the first message per field and leaves body-level errors out", () => {
    expect(
      toFieldErrors([
        { path: "email", message: "Please enter a valid email address" },
        { path: "email", message: "second" },
        { path: "body", message: "Invalid request" },
        { path: ["items", 0, "id"], message: "Invalid id" },
        { nope: true },
      ]),
    ).toEqual({ email: "Please enter a valid email address", "items.0.id": "Invalid id" });
    expect(toFieldErrors(undefined)).toEqual({});
  });
});

describe("postForm", () => {
  it("sends JSON with cookies and returns the body", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: "ok" }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await expect(postForm("/api/contact", { a: 1 })).resolves.toEqual({ message: "ok" });
    expect(fetch).toHaveBeenCalledWith(
      "/api/contact",
      expect.objectContaining({
        method: "POST",
        credentials: "include",
        body: '{"a":1}',
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
  });

  it("raises '{status}: {message}' with the field errors", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Bad email", errors: [{ path: "email", message: "Bad email" }] }), {
            status: 400,
          }),
      ),
    );
    const err = await postForm("/api/x", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiFieldError);
    expect((err as Error).message).toBe("400: Bad email");
    expect((err as ApiFieldError).bodyMessage).toBe("Bad email");
    expect(fieldErrorsOf(err)).toEqual({ email: "Bad email" });
  });

  it("uses the body text or the status text without a message field", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 502, statusText: "Bad Gateway" })),
    );
    const err = (await postForm("/api/x", {}).catch((e: unknown) => e)) as ApiFieldError;
    expect(err.message).toBe("502: Bad Gateway");
    expect(err.bodyMessage).toBeUndefined();
  });
});

describe("validateWith", () => {
  it("returns the data or the messages per field", () => {
    const schema = z.object({ name: z.string().min(1, "Name is required") });
    expect(validateWith(schema, { name: "x" })).toEqual({ ok: true, data: { name: "x" } });
    expect(validateWith(schema, { name: "" })).toEqual({ ok: false, fieldErrors: { name: "Name is required" } });
  });
});

describe("checkWith (a schema loaded on demand: issue 13 item 6, D73)", () => {
  const schema = z.object({ name: z.string().trim().min(1, "Name is required") });

  it("checks with the loaded schema", async () => {
    await expect(checkWith(async () => schema, { name: " x " })).resolves.toEqual({ ok: true, data: { name: "x" } });
    await expect(checkWith(async () => schema, { name: "" })).resolves.toEqual({
      ok: false,
      fieldErrors: { name: "Name is required" },
    });
  });

  it("leaves the values to the server when the schema cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(
      checkWith(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")), { name: "" }),
    ).resolves.toEqual({
      ok: true,
      data: { name: "" },
    });
    expect(warn).toHaveBeenCalledWith("Could not load the form's rules: the server checks them", expect.any(TypeError));
    warn.mockRestore();
  });
});
