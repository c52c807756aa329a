// Strong ETags for the public GETs of /system (API.md: unchanged public data costs almost
// nothing). The tag is a hash of the exact answer, so it changes exactly when the answer does;
// `no-cache` makes browsers revalidate every time — the app's IndexedDB is the cache and the
// service worker never caches /api. Hooked into this plugin's context only.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

export function addStrongEtags(app: FastifyInstance): void {
  // The last answer's tag: between two market flushes every tickers read answers the same text,
  // and comparing it costs less than hashing it again.
  let lastPayload = "";
  let lastEtag = "";
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") return payload;
    if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
    if (payload !== lastPayload) {
      lastEtag = `"${createHash("sha256").update(payload, "utf8").digest("base64url")}"`;
      lastPayload = payload;
    }
    const etag = lastEtag;
    reply.header("etag", etag).header("cache-control", "no-cache");
    if (!matches(request.headers["if-none-match"], etag)) return payload;
    reply.code(304);
    return "";
  });
}

/** RFC 9110 If-None-Match: "*" or a list of tags, compared weakly (a W/ prefix is ignored). */
export function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
