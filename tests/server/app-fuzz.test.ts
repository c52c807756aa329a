// Property: whatever a client sends — method, path, headers, body — the server never answers
// 5xx, and every /api answer is an envelope whose HttpStatusCode matches the real status.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isEnvelope } from "../../protocol/envelope";
import { API_BASE } from "../../protocol/paths";
import { buildTestApp, TEST_ROUTES } from "./helpers/test-app";
import { createTempDist } from "./helpers/temp-dist";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    db: getDb(),
    env: { APP_DIST_DIR: createTempDist() },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
});
afterAll(async () => {
  await app?.close();
});

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x21-\\x7e]{0,${max}}$`));

const segment = fc.oneof(
  fc.constantFrom("api", "v1", "test", "orders", "items", "health", "assets", "ws", "..", "."),
  fc.constantFrom("index.html", "sw.js", "app-abc123.js", "%2e%2e", "%00", "%E0%A4%A", "%"),
  fc.integer({ min: -5, max: 1e12 }).map(String),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{1,12}$/),
);

const path = fc.oneof(
  fc.constantFrom(`${TEST_ROUTES}/orders`, `${TEST_ROUTES}/items/1`, "/health", "/", "/home"),
  fc
    .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean())
    .map(([parts, api]) => `${api ? API_BASE : ""}/${parts.join("/")}`),
);

const query = fc.option(
  fc.stringMatching(/^[A-Za-z0-9=&%+._-]{0,30}$/).map((q) => `?${q}`),
  { nil: "" },
);

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "application/json; charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "application/octet-stream",
    ),
    printable(30),
  ),
  { nil: undefined },
);

const body = fc.option(
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(
        { symbol: fc.jsonValue(), amount: fc.jsonValue(), note: fc.jsonValue() },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
  ),
  { nil: undefined },
);

const request = fc.record({
  method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
  url: fc.tuple(path, query).map(([p, q]) => p + q),
  contentType,
  accept: fc.constantFrom(undefined, "text/html", "application/json", "*/*"),
  host: fc.option(printable(40), { nil: undefined }),
  body,
});

it("never answers 5xx, and /api answers are envelopes", async () => {
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const headers: Record<string, string> = {};
      if (r.contentType !== undefined) headers["content-type"] = r.contentType;
      if (r.accept !== undefined) headers.accept = r.accept;
      if (r.host !== undefined) headers.host = r.host;
      const response = await app.inject({
        method: r.method as "GET",
        url: r.url,
        headers,
        payload: r.body,
      });
      expect(response.statusCode, `${r.method} ${r.url} → ${response.body}`).toBeLessThan(500);
      const isJson = /^application\/json/.test(String(response.headers["content-type"]));
      // inject() resolves dot segments as a browser would (/api/.. is /): judge the path the
      // server received. Raw dot segments are covered in app-http.test.ts.
      const received = new URL(r.url, "http://localhost").pathname;
      if (received.startsWith("/api") && r.method !== "HEAD") {
        expect(isJson, `${r.method} ${r.url} is not JSON`).toBe(true);
        const parsed: unknown = response.json();
        expect(isEnvelope(parsed) && parsed.HttpStatusCode === response.statusCode).toBe(true);
      }
    }),
    { numRuns: 600 },
  );
});
