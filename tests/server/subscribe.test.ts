// POST /system/subscribe on the real app: public with an optional token, one row per address
// ever, Idempotency-Key required and honoured through the generic idempotency helper — and that
// helper's guarantees on real PostgreSQL: concurrent requests with one key execute once.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import {
  canonicalJson,
  PUBLIC_SCOPE,
  requestHash,
  withIdempotency,
} from "../../server/domain/idempotency/with-idempotency";
import { ApiError } from "../../server/plugins/envelope";
import { bearer, createUserSession } from "./helpers/sessions";
import { buildTestApp, NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { describePostgres, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });

let keys = 0;
const freshKey = () => `key-${Date.now()}-${keys++}`;

function subscribeOn(
  target: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = { "idempotency-key": freshKey() },
) {
  return target.inject({
    method: "POST",
    url: `${API_BASE}/system/subscribe`,
    headers,
    payload: body as Record<string, unknown>,
  });
}
const post = (body: unknown, headers?: Record<string, string>) => subscribeOn(app, body, headers);

async function rows(db: Db = getDb()) {
  return db.query<{ email: string; user_id: string | null; lang: string | null }>(
    "SELECT email, user_id, lang FROM email_subscriptions ORDER BY email",
  );
}

describe("subscribe", () => {
  it("stores the address once, normalised; subscribing again answers OK and changes nothing", async () => {
    const first = await post({ email: "  Ada@Example.COM ", lang: "de" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ HttpStatusCode: 200, Message: "OK", Data: null });
    const user = await createUserSession(getDb());
    const again = await post(
      { email: "ada@example.com" },
      { ...bearer(user), "idempotency-key": freshKey() },
    );
    expect(again.statusCode).toBe(200);
    expect(await rows()).toEqual([{ email: "ada@example.com", user_id: null, lang: "de" }]);
  });

  it("remembers a signed-in caller, and never fails for a missing, bad or locked token", async () => {
    const user = await createUserSession(getDb());
    const locked = await createUserSession(getDb(), { locked: true });
    const cases = [
      ["signed-in@example.com", bearer(user)],
      ["anonymous@example.com", {}],
      ["bad-token@example.com", { authorization: "Bearer not-a-token" }],
      ["locked@example.com", bearer(locked)],
    ] as const;
    for (const [email, auth] of cases) {
      const response = await post({ email }, { ...auth, "idempotency-key": freshKey() });
      expect(response.statusCode, `${email} ${response.body}`).toBe(200);
    }
    expect(await rows()).toEqual([
      { email: "anonymous@example.com", user_id: null, lang: null },
      { email: "bad-token@example.com", user_id: null, lang: null },
      { email: "locked@example.com", user_id: null, lang: null },
      { email: "signed-in@example.com", user_id: user.userId, lang: null },
    ]);
  });

  it.each([
    "",
    "   ",
    "plain",
    "no-at.example.com",
    "@example.com",
    "ada@",
    "ada@example",
    "ada@@example.com",
    "ada@example..com",
    "ada@-example.com",
    "ada@example.c0m",
    ".ada@example.com",
    "ada.@example.com",
    "a..da@example.com",
    "ada lovelace@example.com",
    "ada@exa mple.com",
    "<script>@example.com",
    "ada@exa\nmple.com",
    `${"a".repeat(65)}@example.com`,
    `ada@${"a".repeat(250)}.com`,
    "ädä@example.com",
  ])("refuses %j with 400 VALIDATION and stores nothing", async (email) => {
    const response = await post({ email });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      HttpStatusCode: 400,
      Message: "Please enter a valid email address",
      Data: null,
      Code: "VALIDATION",
    });
    expect(await rows()).toEqual([]);
    const [stored] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM idempotency_keys",
    );
    expect(stored?.n).toBe(0);
  });

  it.each([
    ["no email", {}, '"email" is required'],
    ["an email that is not text", { email: { a: 1 } }, '"email"'],
    ["an unknown lang", { email: "ada@example.com", lang: "xx" }, '"lang"'],
  ])("refuses %s with 400 VALIDATION naming the field", async (_, body, field) => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ Message: string }>().Message).toContain(field);
    expect(await rows()).toEqual([]);
  });

  it("requires an Idempotency-Key of 1 to 255 characters", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "idempotency-key": "" },
      { "idempotency-key": "k".repeat(256) },
    ];
    for (const headers of cases) {
      const response = await post({ email: "ada@example.com" }, headers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION" });
      expect(response.json<{ Message: string }>().Message).toContain('"idempotency-key"');
    }
    expect(await rows()).toEqual([]);
  });

  it("replays the stored answer for the same key and body, and 409 for a different body", async () => {
    const headers = { "idempotency-key": "outbox-1" };
    const first = await post({ email: "ada@example.com" }, headers);
    const retry = await post({ email: " ADA@example.com" }, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());

    const other = await post({ email: "grace@example.com" }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      HttpStatusCode: 409,
      Message: "This Idempotency-Key was already used with a different request",
      Data: null,
      Code: "IDEMPOTENCY_MISMATCH",
    });
    expect(await rows()).toEqual([{ email: "ada@example.com", user_id: null, lang: null }]);
    const stored = await getDb().query(
      "SELECT scope, route, key, status_code, response FROM idempotency_keys",
    );
    expect(stored).toEqual([
      {
        scope: "public",
        route: "POST /system/subscribe",
        key: "outbox-1",
        status_code: 200,
        response: null,
      },
    ]);
  });
});

describe("withIdempotency", () => {
  it("hashes the canonical body: key order does not matter, values do", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: "1" }));
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stores nothing when the work fails, so a retry runs it again", async () => {
    const request = { scope: PUBLIC_SCOPE, route: "test", key: "k", body: { n: 1 } };
    await expect(
      withIdempotency(getDb(), request, async (tx) => {
        await tx.query("INSERT INTO email_subscriptions (email) VALUES ('x@example.com')");
        throw new ApiError(422, "BELOW_MINIMUM", "Not less than the minimum amount");
      }),
    ).rejects.toThrow(ApiError);
    expect(await rows()).toEqual([]);
    const answer = await withIdempotency(getDb(), request, async () => ({
      statusCode: 201,
      data: { id: "7" },
    }));
    expect(answer).toEqual({ statusCode: 201, data: { id: "7" }, replayed: false });
    const replay = await withIdempotency(getDb(), request, async () => {
      throw new Error("must not run again");
    });
    expect(replay).toEqual({ statusCode: 201, data: { id: "7" }, replayed: true });
    // Keys are per scope and route.
    const other = await withIdempotency(getDb(), { ...request, scope: "u:1" }, async () => ({
      statusCode: 200,
      data: "other",
    }));
    expect(other.replayed).toBe(false);
  });
});

describePostgres(
  "idempotency under concurrency",
  (pg) => {
    it("runs the work once for 10 parallel requests with one key; all get the same answer", async () => {
      let runs = 0;
      const request = { scope: PUBLIC_SCOPE, route: "test", key: "same", body: { amount: "1.5" } };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          withIdempotency(pg.db(), request, async (tx) => {
            runs++;
            // Hold the key long enough for the others to pile up behind it.
            await tx.query("SELECT pg_sleep(0.05)");
            return { statusCode: 201, data: { run: runs } };
          }),
        ),
      );
      expect(runs).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      for (const a of answers)
        expect({ statusCode: a.statusCode, data: a.data }).toEqual({
          statusCode: 201,
          data: { run: 1 },
        });
    });

    it("POST /system/subscribe: 10 parallel same-key requests leave one row and equal answers", async () => {
      const pgApp = await buildTestApp({
        db: pg.db(),
        rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
      });
      try {
        const headers = { "idempotency-key": "parallel-key" };
        const responses = await Promise.all(
          Array.from({ length: 10 }, () =>
            subscribeOn(pgApp, { email: "Parallel@Example.com" }, headers),
          ),
        );
        for (const r of responses) {
          expect(r.statusCode, r.body).toBe(200);
          expect(r.json()).toEqual(responses[0]?.json());
        }
        // Different keys for one address, also in parallel: still one row.
        const more = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            subscribeOn(pgApp, { email: "parallel@example.com" }, { "idempotency-key": `k${i}` }),
          ),
        );
        expect(more.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
        expect(await rows(pg.db())).toEqual([
          { email: "parallel@example.com", user_id: null, lang: null },
        ]);
        const keysStored = await pg
          .db()
          .query<{ n: number }>(
            "SELECT count(*)::int AS n FROM idempotency_keys WHERE route = 'POST /system/subscribe'",
          );
        expect(keysStored[0]?.n).toBe(11);
      } finally {
        await pgApp.close();
      }
    });
  },
  { migrate: true },
);
