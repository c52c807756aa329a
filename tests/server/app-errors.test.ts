// Every class of bad input gets a 4xx envelope with the right Code — never a 500 — and real
// faults get a generic 500 that leaks nothing. Real app, real PGlite, real schemas.
import { PassThrough } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEnvelope, type Envelope } from "../../protocol/envelope";
import { API_BASE } from "../../protocol/paths";
import { DEFAULT_BODY_LIMIT } from "../../server/app";
import {
  buildTestApp,
  useTestApp,
  INTERNAL_SECRET,
  TEST_ROUTES,
  testConfig,
} from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb);

function envelopeOf(response: LightMyRequestResponse): Envelope<unknown> {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body: unknown = response.json();
  if (!isEnvelope(body)) throw new Error(`not an envelope: ${response.body}`);
  expect(body.HttpStatusCode).toBe(response.statusCode);
  return body;
}

function postOrder(payload: string, contentType = "application/json") {
  return app.inject({
    method: "POST",
    url: `${TEST_ROUTES}/orders`,
    headers: { "content-type": contentType },
    payload,
  });
}

describe("client mistakes answer a 4xx envelope", () => {
  it("accepts a valid body (the baseline the other cases break)", async () => {
    const response = await postOrder(JSON.stringify({ symbol: "BTC/USDT", amount: "1.5" }));
    expect(response.statusCode).toBe(200);
    expect(envelopeOf(response)).toEqual({
      HttpStatusCode: 200,
      Message: "OK",
      Data: { symbol: "BTC/USDT", amount: "1.5" },
    });
  });

  it("text with a NUL character (PostgreSQL cannot store it) → 400 VALIDATION, wherever it is", async () => {
    for (const payload of [
      { symbol: "BTC/USDT\u0000", amount: "1" },
      { symbol: "BTC/USDT", amount: "1", nested: { deep: ["ok", "bad\u0000"] } },
      { symbol: "BTC/USDT", amount: "1", "key\u0000": "x" },
    ]) {
      const response = await postOrder(JSON.stringify(payload));
      expect(response.statusCode, response.body).toBe(400);
      expect(envelopeOf(response)).toMatchObject({
        Code: "VALIDATION",
        Message: "Invalid body: text must not contain the NUL character (\\u0000)",
      });
    }
    const query = await app.inject({ method: "GET", url: `${API_BASE}/system/article?cursor=%00` });
    expect(query.statusCode, query.body).toBe(400);
    expect(envelopeOf(query).Message).toMatch(/^Invalid query: /);
  });

  it("malformed JSON → 400 BAD_JSON", async () => {
    const response = await postOrder('{"symbol": "BTC/USDT",');
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ Code: "BAD_JSON", Data: null });
  });

  it("empty body declared as JSON → 400 BAD_JSON", async () => {
    const response = await postOrder("");
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ Code: "BAD_JSON" });
  });

  it("prototype-poisoning JSON → 400 BAD_JSON", async () => {
    const response = await postOrder('{"symbol":"X","amount":"1","__proto__":{"admin":true}}');
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ Code: "BAD_JSON" });
  });

  it("missing field → 400 VALIDATION naming the field", async () => {
    const response = await postOrder(JSON.stringify({ symbol: "BTC/USDT" }));
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toEqual({
      HttpStatusCode: 400,
      Message: 'Invalid body: "amount" is required',
      Data: null,
      Code: "VALIDATION",
    });
  });

  it("field with a bad value → 400 VALIDATION naming the field", async () => {
    const response = await postOrder(JSON.stringify({ symbol: "BTC/USDT", amount: "12abc" }));
    expect(response.statusCode).toBe(400);
    const body = envelopeOf(response);
    expect(body.Code).toBe("VALIDATION");
    expect(body.Message).toMatch(/^Invalid body: "amount" must match pattern/);
  });

  it("bad path parameter → 400 VALIDATION naming it", async () => {
    const response = await app.inject(`${TEST_ROUTES}/items/abc`);
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({
      Code: "VALIDATION",
      Message: 'Invalid params: "id" must be integer',
    });
  });

  it.each([
    ["GET", `${API_BASE}/nope`],
    ["POST", `${API_BASE}/nope`],
    ["DELETE", `${TEST_ROUTES}/orders`],
    ["GET", "/api"],
    ["GET", "/no-such-page"],
  ])("unknown route %s %s → 404 NOT_FOUND", async (method, url) => {
    const response = await app.inject({ method: method as "GET", url });
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response)).toMatchObject({ Code: "NOT_FOUND", Data: null });
  });

  it("body over the 1 MiB limit → 413 PAYLOAD_TOO_LARGE", async () => {
    const note = "x".repeat(DEFAULT_BODY_LIMIT);
    const response = await postOrder(JSON.stringify({ symbol: "BTC", amount: "1", note }));
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toMatchObject({ Code: "PAYLOAD_TOO_LARGE" });
  });

  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
  ])("Content-Type %s → 415 UNSUPPORTED_MEDIA_TYPE", async (contentType) => {
    const response = await postOrder("symbol=BTC&amount=1", contentType);
    expect(response.statusCode).toBe(415);
    expect(envelopeOf(response)).toMatchObject({ Code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("malformed percent-encoding in the URL → 400 BAD_REQUEST", async () => {
    const response = await app.inject(`${TEST_ROUTES}/items/%E0%A4%A`);
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ Code: "BAD_REQUEST" });
  });

  it("an ApiError keeps its status, code and message", async () => {
    const response = await app.inject(`${TEST_ROUTES}/conflict`);
    expect(response.statusCode).toBe(409);
    expect(envelopeOf(response)).toEqual({
      HttpStatusCode: 409,
      Message: "Already exists",
      Data: null,
      Code: "CONFLICT",
    });
  });

  it("any other 4xx keeps its status", async () => {
    const response = await app.inject(`${TEST_ROUTES}/teapot`);
    expect(response.statusCode).toBe(418);
    expect(envelopeOf(response)).toMatchObject({ Code: "BAD_REQUEST", Message: "I am a teapot" });
  });
});

describe("real faults", () => {
  it.each(["boom", "boom-db"])("/%s → 500 INTERNAL with a generic message", async (route) => {
    const response = await app.inject(`${TEST_ROUTES}/${route}`);
    expect(response.statusCode).toBe(500);
    expect(envelopeOf(response)).toEqual({
      HttpStatusCode: 500,
      Message: "Internal server error",
      Data: null,
      Code: "INTERNAL",
    });
    expect(response.body).not.toMatch(/hunter2|no_such_table|\/srv\//);
  });

  it("are logged in full, while tokens in URLs and auth headers are not", async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on("data", (chunk: Buffer) => lines.push(chunk.toString("utf8")));
    const logged = await buildTestApp({ db: getDb(), logger: { stream, level: "info" } });
    try {
      await logged.inject({
        url: `${TEST_ROUTES}/boom?token=tok_secret_123&x=1`,
        headers: { authorization: "Bearer tok_secret_456", cookie: "sid=tok_secret_789" },
      });
    } finally {
      await logged.close();
    }
    const log = lines.join("");
    expect(log).toContain(INTERNAL_SECRET);
    expect(log).toContain("token=[redacted]&x=1");
    expect(log).not.toContain("tok_secret");
  });
});

describe("rate limit", () => {
  let limited: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    limited = await buildTestApp({
      db: getDb(),
      config: testConfig(),
      rateLimit: { max: 3, timeWindowMs: 60_000 },
    });
    base = await limited.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 RATE_LIMITED with Retry-After on a real port once /api is over the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await fetch(`${base}${TEST_ROUTES}/items/${i + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);

    const response = await fetch(`${base}${TEST_ROUTES}/items/1`);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const body: unknown = await response.json();
    expect(body).toMatchObject({ HttpStatusCode: 429, Code: "RATE_LIMITED", Data: null });
    expect((body as Envelope<null>).Message).toMatch(/^Too many requests; try again in /);

    // Probing unknown API paths counts too, and /health (load balancers) never does.
    expect((await fetch(`${base}${API_BASE}/probe`)).status).toBe(429);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
