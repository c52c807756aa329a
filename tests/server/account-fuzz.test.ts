// Property: whatever a client sends to the uploads, identity and admin endpoints — any JSON, any
// bytes as a "file", damaged real images, odd ids and query strings — the answer is never 5xx
// and always an envelope whose HttpStatusCode matches the status.
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { isEnvelope } from "../../protocol/envelope";
import { API_BASE } from "../../protocol/paths";
import { identityBody } from "./helpers/identity";
import { jpegImage, multipartForm, pngImage, webpImage } from "./helpers/images";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let user: TestSession;
let operator: TestSession;
let validBody: Record<string, unknown>;
let images: Buffer[];

beforeAll(async () => {
  app = await buildTestApp({ db: getDb(), rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  user = await createUserSession(getDb());
  operator = await createUserSession(getDb(), { role: "operator" });
  validBody = await identityBody(app, user);
  images = [await pngImage(40, 30), await jpegImage(40, 30), await webpImage(40, 30)];
});
afterAll(async () => {
  await app?.close();
});

function expectSane(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.headers["content-type"]?.toString().startsWith("application/json")) {
    const parsed: unknown = response.json();
    expect(isEnvelope(parsed) && parsed.HttpStatusCode === response.statusCode, what).toBe(true);
  }
}

const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom("", " ", "AB1234567", "00000000-0000-4000-8000-000000000000", "\u0000", "🙂"),
);

it("POST /profile/identity/create never answers 5xx", async () => {
  const field = fc.oneof(fc.jsonValue(), text);
  const body = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(
        { name: field, idNumber: field, idType: field, photo: field, extra: field },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify({ ...validBody, ...v })),
    fc.string({ maxLength: 100 }),
  );
  await fc.assert(
    fc.asyncProperty(body, fc.option(text, { nil: undefined }), async (payload, key) => {
      const headers: Record<string, string> = {
        ...bearer(user),
        "content-type": "application/json",
      };
      if (key !== undefined) headers["idempotency-key"] = key.replace(/[^\x20-\x7e]/g, "");
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE}/profile/identity/create`,
        headers,
        payload,
      });
      expectSane(response, payload);
    }),
    { numRuns: 300 },
  );
});

it("POST /storage/upload never answers 5xx, even for damaged images", async () => {
  const damaged = fc
    .tuple(
      fc.integer({ min: 0, max: 2 }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
      fc.option(fc.nat(), { nil: undefined }),
    )
    .map(([which, flips, cut]) => {
      const bytes = Buffer.from(images[which] ?? Buffer.alloc(0));
      for (const [at, value] of flips) bytes[at % bytes.length] = value;
      return cut === undefined ? bytes : bytes.subarray(0, cut % bytes.length);
    });
  const file = fc.oneof(
    damaged,
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  );
  const purpose = fc.oneof(fc.constantFrom("identity", "voucher"), text);
  await fc.assert(
    fc.asyncProperty(file, purpose, fc.string({ maxLength: 30 }), async (data, p, type) => {
      const form = await multipartForm({ purpose: p }, { data, type });
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE}/storage/upload`,
        headers: { ...form.headers, ...bearer(user) },
        payload: form.payload,
      });
      expectSane(response, `upload ${data.length} bytes as ${JSON.stringify(p)}`);
    }),
    { numRuns: 200 },
  );
});

it("raw bodies and odd content types on /storage/upload never answer 5xx", async () => {
  const contentType = fc.oneof(
    fc.constantFrom(
      "multipart/form-data",
      "multipart/form-data; boundary=",
      "multipart/form-data; boundary=x",
      "application/json",
      "application/octet-stream",
      "image/png",
    ),
    fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
  );
  const raw = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constant('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n'),
    fc.constant('--x\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nidentity\r\n--x--'),
  );
  await fc.assert(
    fc.asyncProperty(contentType, raw, async (type, payload) => {
      const response = await app.inject({
        method: "POST",
        url: `${API_BASE}/storage/upload`,
        headers: { "content-type": type, ...bearer(user) },
        payload,
      });
      expectSane(response, `${type}: ${JSON.stringify(payload).slice(0, 80)}`);
    }),
    { numRuns: 200 },
  );
});

it("admin and upload-reading routes never answer 5xx for odd ids, queries and bodies", async () => {
  const segment = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9._~%-]{0,30}$/),
    fc.constantFrom("1", "0", "-1", "99999999999999999999", "0x" + "a".repeat(40), "%00"),
  );
  const route = fc.oneof(
    segment.map((s) => ["GET", `/storage/upload/${s}`] as const),
    segment.map((s) => ["POST", `/admin/identity/${s}/approve`] as const),
    segment.map((s) => ["POST", `/admin/identity/${s}/reject`] as const),
    segment.map((s) => ["POST", `/admin/users/${s}/lock`] as const),
    segment.map((s) => ["POST", `/admin/users/${s}/unlock`] as const),
    fc
      .stringMatching(/^[A-Za-z0-9=&%+._-]{0,40}$/)
      .chain((q) =>
        fc.constantFrom(
          ["GET", `/admin/identity?${q}`] as const,
          ["GET", `/admin/audit?${q}`] as const,
        ),
      ),
  );
  const body = fc.option(
    fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ reason: fc.oneof(fc.jsonValue(), text) }).map((v) => JSON.stringify(v)),
    ),
    { nil: undefined },
  );
  await fc.assert(
    fc.asyncProperty(route, body, fc.boolean(), async ([method, url], payload, asOperator) => {
      const headers: Record<string, string> = bearer(asOperator ? operator : user);
      if (payload !== undefined) headers["content-type"] = "application/json";
      const response = await app.inject({
        method,
        url: `${API_BASE}${url}`,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      expectSane(response, `${method} ${url} ${payload ?? ""}`);
    }),
    { numRuns: 400 },
  );
});
