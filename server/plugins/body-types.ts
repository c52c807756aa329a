// Strings are strings: Fastify's validator coerces types (`coerceTypes: "array"`), which query
// strings need ("?limit=20" is text) but JSON bodies must not get — `{"amount": ["5"]}` or
// `{"amount": 5}` would pass as the string "5". The body is copied before validation and
// compared after: any value whose JSON type the validator changed is refused 400 VALIDATION,
// naming the field. Defaults it added and unknown fields it removed are not type changes.
import type { FastifyRequest } from "fastify";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";
import { pointerToField } from "./validation-message";

const MAX_DEPTH = 64;

declare module "fastify" {
  interface FastifyRequest {
    /** The JSON body as parsed, before validation could coerce it (body-types.ts). */
    bodyAsSent: unknown;
  }
}

type Kind = "array" | "null" | "object" | "string" | "number" | "boolean" | "other";

function kindOf(value: unknown): Kind {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  const type = typeof value;
  return type === "object" || type === "string" || type === "number" || type === "boolean"
    ? type
    : "other";
}

/** JSON pointer of the first value whose kind differs between `sent` and `validated`. */
export function firstCoercion(
  sent: unknown,
  validated: unknown,
  pointer = "",
  depth = 0,
): { pointer: string; kind: Kind } | null {
  const kind = kindOf(validated);
  if (kindOf(sent) !== kind) return { pointer, kind };
  if (depth > MAX_DEPTH || (kind !== "array" && kind !== "object")) return null;
  const before = sent as Record<string, unknown>;
  for (const [key, value] of Object.entries(validated as Record<string, unknown>)) {
    if (!Object.hasOwn(before, key)) continue; // a default the schema added
    const escaped = key.replace(/~/g, "~0").replace(/\//g, "~1");
    const found = firstCoercion(before[key], value, `${pointer}/${escaped}`, depth + 1);
    if (found) return found;
  }
  return null;
}

function isJson(request: FastifyRequest): boolean {
  const body: unknown = request.body;
  const type = request.headers["content-type"] ?? "";
  return typeof body === "object" && body !== null && /\bjson\b/i.test(type);
}

export const bodyTypesPlugin = globalPlugin("quanta-body-types", async (app) => {
  app.decorateRequest("bodyAsSent", undefined);
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.schema?.body && isJson(request)) {
      request.bodyAsSent = structuredClone(request.body);
    }
  });
  app.addHook("preHandler", async (request) => {
    if (request.bodyAsSent === undefined) return;
    const found = firstCoercion(request.bodyAsSent, request.body);
    if (!found) return;
    const field = pointerToField(found.pointer);
    const where = field ? `"${field}" ` : "";
    throw new ApiError(400, "VALIDATION", `Invalid body: ${where}must be ${found.kind}`, {
      params: { field, rule: "format" },
    });
  });
});
