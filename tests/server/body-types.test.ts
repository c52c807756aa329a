// Strings are strings: a JSON body is validated as sent — a one-element array or a number where
// the schema says string is refused 400 VALIDATION (Fastify's validator would coerce it), while
// query strings keep their number coercion. Text with a lone surrogate ("\ud800") is refused,
// not silently changed on its way to the database.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { firstCoercion } from "../../server/plugins/body-types";
import { createUserSession, type TestSession } from "./helpers/sessions";
import { bearer } from "./helpers/siwe";
import { buildTestApp, TEST_ROUTES } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let user: TestSession;

beforeAll(async () => {
  app = await buildTestApp({ db: getDb() });
  user = await createUserSession(getDb());
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url,
    payload,
    headers: { "content-type": "application/json", ...headers },
  });

const bills = async () =>
  (await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM bills"))[0]?.n;

it("refuses an array or a number where a body field must be a string", async () => {
  const cases: [string, string, string][] = [
    [`${API_BASE}/auth/signin`, `{"username":["ops-anna"],"password":"x"}`, "username"],
    [`${API_BASE}/auth/signin`, `{"username":"ops-anna","password":["x"]}`, "password"],
    [`${TEST_ROUTES}/orders`, `{"symbol":"BTC","amount":["1"]}`, "amount"],
    [`${TEST_ROUTES}/orders`, `{"symbol":7,"amount":"1"}`, "symbol"],
  ];
  for (const [url, payload, field] of cases) {
    const response = await post(url, payload);
    expect(response.statusCode, payload).toBe(400);
    expect(response.json(), payload).toEqual({
      HttpStatusCode: 400,
      Message: `Invalid body: "${field}" must be string`,
      Data: null,
      Code: "VALIDATION",
      Params: { field, rule: "format" },
    });
  }
});

it("credits nothing for a demo credit whose amount is an array or a number", async () => {
  for (const [i, payload] of [`{"amount":["5"]}`, `{"amount":5}`].entries()) {
    const response = await post(`${API_BASE}/wallet/demo-credit`, payload, {
      ...bearer(user.token),
      "idempotency-key": `types-${i}`,
    });
    expect(response.statusCode, payload).toBe(400);
    expect(response.json()).toMatchObject({ Code: "VALIDATION" });
  }
  expect(await bills()).toBe(0);
  // The same request with a string amount works.
  const fine = await post(`${API_BASE}/wallet/demo-credit`, `{"amount":"5"}`, {
    ...bearer(user.token),
    "idempotency-key": "types-ok",
  });
  expect(fine.statusCode, fine.body).toBe(200);
});

it("keeps query and path coercion: numbers in the URL still work", async () => {
  expect((await app.inject(`${TEST_ROUTES}/items/3`)).json()).toMatchObject({ Data: { id: 3 } });
  const ticks = await app.inject(`${API_BASE}/market/ticks?symbol=BTC%2FUSDT&limit=5`);
  expect(ticks.statusCode, ticks.body).toBe(200);
});

it("refuses text with a lone surrogate instead of changing it", async () => {
  for (const [url, payload] of [
    [`${API_BASE}/auth/signin`, `{"username":"ops-\\ud800","password":"x"}`],
    [`${TEST_ROUTES}/orders`, `{"symbol":"BTC","amount":"1","note":"hi \\udfff there"}`],
    [`${TEST_ROUTES}/orders`, `{"symbol":"BTC","amount":"1","\\ud83d":"x"}`],
  ] as const) {
    const response = await post(url, payload);
    expect(response.statusCode, payload).toBe(400);
    expect(response.json(), payload).toMatchObject({
      Code: "VALIDATION",
      Message: "Invalid body: text must be valid Unicode (a lone surrogate such as \\ud800 is not)",
    });
  }
  // A proper pair (an emoji) is fine.
  const emoji = await post(
    `${TEST_ROUTES}/orders`,
    `{"symbol":"BTC","amount":"1","note":"\\ud83d\\ude00"}`,
  );
  expect(emoji.statusCode).toBe(200);
  expect(emoji.json()).toMatchObject({ Data: { note: "😀" } });
});

it("firstCoercion ignores added defaults and removed fields, and names nested changes", () => {
  expect(firstCoercion({ a: "1" }, { a: "1", b: 2 })).toBeNull();
  expect(firstCoercion({ a: "1", extra: [1] }, { a: "1" })).toBeNull();
  expect(firstCoercion({ items: [{ p: 1 }] }, { items: [{ p: "1" }] })).toEqual({
    pointer: "/items/0/p",
    kind: "string",
  });
  expect(firstCoercion({ tags: "x" }, { tags: ["x"] })).toEqual({
    pointer: "/tags",
    kind: "array",
  });
});
