import { isDeepStrictEqual } from "node:util";
import fastJson, { type AnySchema } from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Issue 12 item 1: response bodies are written by serialisers compiled with fast-json-stringify from the
 * routes' zod response schemas (the contract stays the single source: the JSON Schema is derived from
 * it, never written by hand).
 *
 * What changes against fastify-type-provider-zod's serializer (zod `safeEncode`, then `JSON.stringify`):
 * - properties not in the schema are dropped by both;
 * - the compiled serialiser does not validate: a value of the wrong type is coerced (a number where a
 *   string is declared is written as a string, a fraction where an integer is declared is truncated) and
 *   literals are written as declared. A missing required property, a value that fits no branch of a union,
 *   or anything else it cannot write makes it hand the value to the zod serializer, which answers as before
 *   (the value if it is valid after all, else ResponseSerializationError → 500);
 * - key order: required properties first, then optional ones (the parsed JSON is the same).
 *
 * A schema that JSON Schema or fast-json-stringify cannot express faithfully (transforms, pipes, dates,
 * defaults, tuples, intersections, lazy schemas, a bare z.unknown() …) keeps the zod serializer; see
 * `serialisationFallbacks()`.
 *
 * `verify: true` (the test suite, BuildAppOptions.verifySerialisation) checks every response: the value
 * must satisfy the schema, the written JSON must parse with the schema and equal what the zod serializer
 * writes. A mismatch is reported on console.error (which fails the test) and thrown (the request answers 500).
 */

/** What fastify-type-provider-zod accepts as a response schema: a zod schema or `{properties: zodSchema}`. */
type ResponseSchema = z.core.$ZodType | { properties: z.core.$ZodType };
type Write = (data: unknown) => string;

export type CompiledSerialiser =
  { kind: "compiled"; jsonSchema: JsonSchemaNode; write: Write } | { kind: "fallback"; reason: string };

export type SerializerCompilerOptions = {
  /** check every response against the zod schema and the zod serializer's output (tests) */
  verify?: boolean;
};

/** Raised when a schema is not compiled; its message is the reason given by serialisationFallbacks(). */
class NotCompilable extends Error {}

/** Raised (and printed) under `verify` when what is written does not conform to the route's schema. */
export class SerialisationMismatchError extends Error {
  readonly statusCode = 500;
  constructor(message: string) {
    super(message);
    this.name = "SerialisationMismatchError";
  }
}

function resolveSchema(maybeSchema: unknown): z.core.$ZodType {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema;
  if (
    maybeSchema &&
    typeof maybeSchema === "object" &&
    "properties" in maybeSchema &&
    maybeSchema.properties instanceof z.core.$ZodType
  ) {
    return maybeSchema.properties;
  }
  throw new Error(`Not a zod response schema: ${JSON.stringify(maybeSchema)}`);
}

// ---------------------------------------------------------------------------------------------
// Which zod schemas are compiled
// ---------------------------------------------------------------------------------------------

/**
 * The zod types whose encoding (what the zod serializer writes) is plain data that JSON Schema describes
 * and fast-json-stringify writes the same way. Anything else (transform, pipe, codec, default, catch,
 * date, bigint, tuple, intersection, lazy, map, set, custom …) keeps the zod serializer.
 */
const COMPILABLE_TYPES = new Set([
  "string",
  "number",
  "boolean",
  "null",
  "literal",
  "enum",
  "object",
  "record",
  "array",
  "optional",
  "nullable",
  "union",
  "any",
  "unknown",
]);

function assertCompilable(schema: z.core.$ZodType, path: string, seen: Set<z.core.$ZodType>): void {
  if (seen.has(schema)) throw new NotCompilable(`${path || "(root)"}: recursive schema`);
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const where = path || "(root)";
  if (!COMPILABLE_TYPES.has(def.type)) throw new NotCompilable(`${where}: z.${def.type}() is not compiled`);
  switch (def.type) {
    case "literal": {
      const values = def.values as unknown[];
      if (!values.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
        throw new NotCompilable(`${where}: a literal that is not a string, number, boolean or null`);
      }
      break;
    }
    case "object": {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      for (const [key, value] of Object.entries(shape)) assertCompilable(value, `${path}.${key}`, seen);
      const catchall = def.catchall as z.core.$ZodType | undefined;
      if (catchall && catchall._zod.def.type !== "never") assertCompilable(catchall, `${path}.*`, seen);
      break;
    }
    case "record": {
      const keyType = (def.keyType as z.core.$ZodType)._zod.def.type;
      // A record keyed by an enum or literals is exhaustive in zod (every key required): not compiled.
      if (keyType !== "string") throw new NotCompilable(`${where}: a record keyed by z.${keyType}()`);
      assertCompilable(def.valueType as z.core.$ZodType, `${path}[key]`, seen);
      break;
    }
    case "array":
      assertCompilable(def.element as z.core.$ZodType, `${path}[]`, seen);
      break;
    case "optional":
    case "nullable":
      assertCompilable(def.innerType as z.core.$ZodType, path, seen);
      break;
    case "union":
      (def.options as z.core.$ZodType[]).forEach((option, i) => assertCompilable(option, `${path}|${i}`, seen));
      break;
  }
  seen.delete(schema);
}

// ---------------------------------------------------------------------------------------------
// JSON Schema for fast-json-stringify
// ---------------------------------------------------------------------------------------------

export type JsonSchemaNode = boolean | { [keyword: string]: unknown };

/** Keywords kept as they are: fast-json-stringify ignores them when writing, its union branch check (Ajv) uses them. */
const KEPT_KEYWORDS = new Set([
  "type",
  "required",
  "const",
  "enum",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
]);
/**
 * Annotations, dropped. `default` in particular: fast-json-stringify would write it for a missing property,
 * while zod's encoding requires the property (defaults apply when parsing, not when encoding).
 */
const DROPPED_KEYWORDS = new Set([
  "$schema",
  "title",
  "description",
  "examples",
  "default",
  "readOnly",
  "writeOnly",
  "deprecated",
  "$comment",
]);

function isNullSchema(node: JsonSchemaNode): boolean {
  return typeof node === "object" && node.type === "null" && Object.keys(node).length === 1;
}

/**
 * zod's JSON Schema (draft-07, output side) made exact for fast-json-stringify:
 * - `additionalProperties: false` is removed. fast-json-stringify writes only the declared properties
 *   anyway (like zod's default strip), and inside a union Ajv would otherwise refuse an object with an
 *   extra property, where zod strips it and takes the branch.
 * - `anyOf: [X, {type: "null"}]` (a nullable object, array or literal) becomes X with `nullable: true`,
 *   which fast-json-stringify writes with a null check instead of running Ajv on every value.
 * - `default` and annotations are dropped; any keyword not understood here makes the schema not compiled.
 */
export function cleanJsonSchema(node: JsonSchemaNode, path = ""): JsonSchemaNode {
  if (typeof node === "boolean") return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(keyword)) continue;
    if (KEPT_KEYWORDS.has(keyword)) {
      out[keyword] = value;
      continue;
    }
    switch (keyword) {
      case "properties":
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, JsonSchemaNode>).map(([k, v]) => [
            k,
            cleanJsonSchema(v, `${path}.${k}`),
          ]),
        );
        break;
      case "propertyNames":
        out.propertyNames = cleanJsonSchema(value as JsonSchemaNode, `${path}{key}`);
        break;
      case "additionalProperties":
        if (value !== false) out.additionalProperties = cleanJsonSchema(value as JsonSchemaNode, `${path}.*`);
        break;
      case "items":
        if (Array.isArray(value)) throw new NotCompilable(`${path || "(root)"}: tuple items`);
        out.items = cleanJsonSchema(value as JsonSchemaNode, `${path}[]`);
        break;
      case "anyOf":
      case "oneOf":
        out[keyword] = (value as JsonSchemaNode[]).map((option, i) => cleanJsonSchema(option, `${path}|${i}`));
        break;
      default:
        throw new NotCompilable(`${path || "(root)"}: JSON Schema keyword "${keyword}" is not compiled`);
    }
  }
  const union = out.anyOf as JsonSchemaNode[] | undefined;
  if (union && union.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = union.findIndex(isNullSchema);
    const other = union[1 - nullIndex];
    if (
      nullIndex !== -1 &&
      typeof other === "object" &&
      typeof other.type === "string" &&
      other.nullable === undefined
    ) {
      return { ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema a response schema is compiled from (throws NotCompilable when it is not compiled). */
export function serialisationJsonSchema(schema: z.core.$ZodType): JsonSchemaNode {
  const top = schema._zod.def.type;
  if (top === "unknown" || top === "any") throw new NotCompilable("(root): z.unknown()/z.any() has nothing to compile");
  assertCompilable(schema, "", new Set());
  let jsonSchema: JsonSchemaNode;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: "output",
      target: "draft-07",
      unrepresentable: "throw",
      cycles: "throw",
      reused: "inline",
    }) as JsonSchemaNode;
  } catch (error) {
    throw new NotCompilable(`not representable in JSON Schema: ${(error as Error).message}`);
  }
  return cleanJsonSchema(jsonSchema);
}

// ---------------------------------------------------------------------------------------------
// Compilation, cached per schema
// ---------------------------------------------------------------------------------------------

const compiled = new WeakMap<z.core.$ZodType, CompiledSerialiser>();

/** The compiled serialiser of a response schema, or why it keeps the zod serializer. Cached per schema object. */
export function compileSerialiser(schema: z.core.$ZodType): CompiledSerialiser {
  const cached = compiled.get(schema);
  if (cached) return cached;
  let result: CompiledSerialiser;
  try {
    const jsonSchema = serialisationJsonSchema(schema);
    // fast-json-stringify changes the schema it is given (inferred types): it gets its own copy.
    const write = fastJson(structuredClone(jsonSchema) as AnySchema) as Write;
    result = { kind: "compiled", jsonSchema, write };
  } catch (error) {
    result = {
      kind: "fallback",
      reason: error instanceof NotCompilable ? error.message : `fast-json-stringify: ${(error as Error).message}`,
    };
  }
  compiled.set(schema, result);
  return result;
}

/** Route responses that keep the zod serializer, by "METHOD url status" (as compiled so far in this process). */
const fallbacks = new Map<string, string>();

/** Which route responses fell back to the zod serializer, and why (nothing is logged at run time). */
export function serialisationFallbacks(): Array<{ route: string; reason: string }> {
  return [...fallbacks].map(([route, reason]) => ({ route, reason }));
}

function routeLabel(method: unknown, url: unknown, httpStatus: unknown): string {
  return `${Array.isArray(method) ? method.join(",") : String(method)} ${String(url)} ${String(httpStatus)}`;
}

/** The serializer compiler of the site app (app.ts). */
export function createSerializerCompiler(
  options: SerializerCompilerOptions = {},
): FastifySerializerCompiler<ResponseSchema> {
  return (routeSchema) => {
    const { schema: maybeSchema, method, url, httpStatus } = routeSchema;
    const schema = resolveSchema(maybeSchema);
    const label = routeLabel(method, url, httpStatus);
    // The library's serializer for this route: zod, then JSON.stringify; ResponseSerializationError (→ 500) when the value does not match.
    const zodWrite = zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]) as Write;
    const serialiser = compileSerialiser(schema);
    if (serialiser.kind === "fallback") {
      fallbacks.set(label, serialiser.reason);
      return options.verify ? verifying(zodWrite, schema, label, "fallback") : zodWrite;
    }
    const fast = serialiser.write;
    // Under `verify`, fast-json-stringify failing on a value the schema accepts is a mismatch, not a quiet fallback.
    if (options.verify) return verifying(fast, schema, label, "compiled");
    return (data) => {
      try {
        return fast(data);
      } catch {
        // A value fast-json-stringify cannot write (a required property missing, no union branch fits …):
        // zod decides, exactly as before (its answer if the value is valid after all, else a 500).
        return zodWrite(data);
      }
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Conformance (tests)
// ---------------------------------------------------------------------------------------------

function mismatch(message: string): never {
  const error = new SerialisationMismatchError(message);
  // The error handler answers 500 and logs quietly; console.error makes the test that caused it fail with this message.
  console.error(error.message);
  throw error;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** `write` checked on every call: the value satisfies the schema, and the JSON written parses with it and equals the zod serializer's. */
function verifying(write: Write, schema: z.core.$ZodType, label: string, kind: CompiledSerialiser["kind"]): Write {
  return (data) => {
    const expected = z.safeEncode(schema, data);
    if (!expected.success) {
      mismatch(
        `Response of ${label} does not match its schema (${kind} serialiser): ${z.prettifyError(expected.error)}\nvalue: ${preview(data)}`,
      );
    }
    let json: string;
    try {
      json = write(data);
    } catch (error) {
      mismatch(
        `Response of ${label}: the ${kind} serialiser failed on a value its schema accepts: ${(error as Error).message}\nvalue: ${preview(data)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      mismatch(
        `Response of ${label} is not JSON (${kind} serialiser): ${(error as Error).message}\nwritten: ${json.slice(0, 500)}`,
      );
    }
    const check = z.safeParse(schema, parsed);
    if (!check.success) {
      mismatch(
        `Response of ${label} as written does not parse with its schema (${kind} serialiser): ${z.prettifyError(check.error)}\nwritten: ${json.slice(0, 500)}`,
      );
    }
    const zodJson = JSON.stringify(expected.data);
    if (!isDeepStrictEqual(parsed, zodJson === undefined ? undefined : JSON.parse(zodJson))) {
      mismatch(
        `Response of ${label} differs from the zod serializer's (${kind} serialiser)\nwritten: ${json.slice(0, 500)}\nzod:     ${String(zodJson).slice(0, 500)}`,
      );
    }
    return json;
  };
}
