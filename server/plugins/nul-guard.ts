// PostgreSQL text cannot hold the NUL character (U+0000): a body, query or path parameter with
// one would fail deep in a query as a 500. Nor can UTF-8 hold a lone surrogate ("\ud800", valid
// in a JSON string): it would be silently replaced on the way to the database, so what was stored
// would not be what was sent. Both are refused here, for every route, as the client's mistake
// they are — before validation, so no handler ever sees one.
import type { FastifyRequest } from "fastify";
import { ApiError } from "./envelope";
import { globalPlugin } from "./global-plugin";

/** Nesting this deep is refused elsewhere (body limit); a guard against a stack overflow here. */
const MAX_DEPTH = 64;

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1),
  );
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when some string (or key) in `value` holds a UTF-16 surrogate without its pair. */
export function containsLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return LONE_SURROGATE.test(value);
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => containsLoneSurrogate(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => LONE_SURROGATE.test(key) || containsLoneSurrogate(item, depth + 1),
  );
}

function refuseNul(request: FastifyRequest): void {
  for (const [part, value] of [
    ["body", request.body],
    ["query", request.query],
    ["path", request.params],
  ] as const) {
    if (containsNul(value)) {
      throw new ApiError(
        400,
        "VALIDATION",
        `Invalid ${part}: text must not contain the NUL character (\\u0000)`,
        { params: { field: part, rule: "format" } },
      );
    }
    if (containsLoneSurrogate(value)) {
      throw new ApiError(
        400,
        "VALIDATION",
        `Invalid ${part}: text must be valid Unicode (a lone surrogate such as \\ud800 is not)`,
        { params: { field: part, rule: "format" } },
      );
    }
  }
}

export const nulGuardPlugin = globalPlugin("quanta-nul-guard", async (app) => {
  app.addHook("preValidation", async (request) => refuseNul(request));
});
