// Per-user answers must never be stored by a browser or shared cache (`no-store`), sign-in
// answers (they carry a token) neither; public answers keep their revalidated caching.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { createOperator } from "../../server/domain/auth/operators";
import { createUserSession, type TestSession } from "./helpers/sessions";
import { bearer } from "./helpers/siwe";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let user: TestSession;

beforeAll(async () => {
  app = await buildTestApp({ db: getDb() });
  user = await createUserSession(getDb());
  await createOperator(getDb(), "ops-cache", "correct horse battery staple", "admin");
});
afterAll(async () => {
  await app?.close();
});

const get = (path: string, token?: string) =>
  app.inject({ url: `${API_BASE}${path}`, headers: token ? bearer(token) : {} });

it("answers a signed-in user's data with Cache-Control: no-store", async () => {
  for (const path of ["/profile/profile", "/assets/overview", "/sync?cursor=0"]) {
    const response = await get(path, user.token);
    expect(response.statusCode, `${path} ${response.body}`).toBe(200);
    expect(response.headers["cache-control"], path).toBe("no-store");
  }
  // A refusal to a signed-in user is theirs too.
  const refused = await app.inject({
    method: "POST",
    url: `${API_BASE}/wallet/demo-credit`,
    headers: { ...bearer(user.token), "idempotency-key": "cache-1" },
    payload: { amount: "-1" },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.headers["cache-control"]).toBe("no-store");
});

it("answers a sign-in (a token) with no-store", async () => {
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE}/auth/signin`,
    payload: { username: "ops-cache", password: "correct horse battery staple" },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
});

it("keeps public answers revalidated and cacheable, even for a signed-in caller", async () => {
  for (const token of [undefined, user.token]) {
    for (const path of ["/system/status", "/market/symbols", "/system/link"]) {
      const response = await get(path, token);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("no-cache");
      expect(response.headers.etag, path).toBeTruthy();
    }
  }
});
