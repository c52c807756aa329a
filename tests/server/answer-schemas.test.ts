// Real answers of the app (PGlite) checked against the endpoint contract's answer schemas, so
// /api/docs and the app's types cannot drift from what the server sends.
import { TypeRegistry, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { beforeAll, describe, expect, it } from "vitest";
import {
  assetsEndpoints,
  contractEndpoints,
  optionsEndpoints,
  profileEndpoints,
  spotEndpoints,
  systemEndpoints,
  walletEndpoints,
} from "../../protocol/endpoints";
import { API_BASE } from "../../protocol/paths";
import { sendOperatorMessage } from "../../server/domain/messages/operator-message";
import { computeScore } from "../../server/domain/profile/score/compute-score";
import { closeContract, postContractOrder } from "./helpers/contract";
import { postOptionsOrder } from "./helpers/options";
import { settleByRule } from "./helpers/options-settle";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { startTestMarket, stepMarket } from "./helpers/spot";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

// The contract writes a list of values as JSON Schema's `enum` (Type.Unsafe, see oneOf), which
// TypeBox's checker leaves to a registered kind: a value is valid when it is one of the list.
TypeRegistry.Set<{ enum?: unknown[] }>(
  "Unsafe",
  (schema, value) => schema.enum === undefined || schema.enum.includes(value),
);

const getDb = usePglite();
const app = useTestApp(getDb);
let user: TestSession;

beforeAll(async () => {
  user = await createUserSession(getDb());
  const credit = await app.inject({
    method: "POST",
    url: `${API_BASE}/wallet/demo-credit`,
    headers: { ...bearer(user), "idempotency-key": "answer-schemas" },
    payload: { amount: "12.5" },
  });
  expect(credit.statusCode, credit.body).toBe(200);
  await sendOperatorMessage(
    getDb(),
    { id: null, label: "cli:answer-schemas" },
    { address: user.address ?? "", title: "Hello", body: "A note." },
  );
  // An open option, bought on a live feed (then stopped: the answers below are reads).
  const market = await startTestMarket(getDb(), "answer-schemas");
  app.market.attach(market.feed);
  await stepMarket(market, 1);
  const option = await postOptionsOrder(app, user, {
    symbol: "BTC/USDT",
    direction: "up",
    seconds: 30,
    amount: "1",
  });
  expect(option.statusCode, option.body).toBe(200);
  placedOption = option.json<{ Data: unknown }>().Data;
  // Ticks through its expiry, then settled by the rule: the list shows a settled order.
  const start = Date.now();
  for (let i = 1; i <= 31; i += 1) market.source.emit(start + i * 1000);
  await market.feed.flush();
  await settleByRule(getDb(), (placedOption as { id: string }).id);
  // Contract: a closed position, an open one with targets and a waiting limit order.
  const contract = { symbol: "BTC/USDT", direction: "long", leverage: 10, quantity: "0.0001" };
  await stepMarket(market, 1);
  const closed = await postContractOrder(app, user, { ...contract, type: 0 });
  expect(closed.statusCode, closed.body).toBe(200);
  const closedId = closed.json<{ Data: { id: string } }>().Data.id;
  expect((await closeContract(app, user, closedId)).statusCode).toBe(200);
  placedContract = (await postContractOrder(app, user, { ...contract, type: 0 })).json<{
    Data: unknown;
  }>().Data;
  const waiting = { ...contract, type: 1, price: "60000", stopLoss: "55000" };
  expect((await postContractOrder(app, user, waiting)).statusCode).toBe(200);
  app.market.detach();
  await market.stop();
});
let placedOption: unknown;
let placedContract: unknown;
/** The answer's `Data`, failing with TypeBox's first error when it does not match `schema`. */
async function expectAnswer(url: string, schema: TSchema): Promise<unknown> {
  const response = await app.inject({ url, headers: bearer(user) });
  expect(response.statusCode, response.body).toBe(200);
  const data: unknown = response.json<{ Data: unknown }>().Data;
  expect([...Value.Errors(schema, data)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  return data;
}

describe("answers match their schemas in the endpoint contract", () => {
  it.each([
    ["profile", profileEndpoints.profile],
    ["weighted score (not computed yet)", profileEndpoints.score],
    ["identity (none yet)", profileEndpoints.identity],
    ["messages", profileEndpoints.messages],
    ["assets overview", assetsEndpoints.overview],
    ["bills", assetsEndpoints.bills],
    ["withdraw config", walletEndpoints.withdrawConfig],
    ["spot config", spotEndpoints.config],
    ["options products", optionsEndpoints.products],
    ["options orders", optionsEndpoints.orders],
    ["contract config", contractEndpoints.config],
    ["links", systemEndpoints.links],
    ["articles", systemEndpoints.articles],
    ["service status", systemEndpoints.status],
  ])("%s", async (_name, spec) => {
    await expectAnswer(spec.path, spec.answer);
  });

  it("weighted score (computed, with the trades above)", async () => {
    await computeScore(getDb(), user.userId, new Date());
    const score = await expectAnswer(profileEndpoints.score.path, profileEndpoints.score.answer);
    expect(score).toMatchObject({ computedAt: expect.any(String) as unknown });
  });

  it("a placed option, and a settled one", async () => {
    const page = (await expectAnswer(
      optionsEndpoints.orders.path,
      optionsEndpoints.orders.answer,
    )) as { items: { result: string | null; entryTick: unknown }[] };
    expect(page.items).toEqual([
      expect.objectContaining({ result: expect.any(String), entryTick: expect.anything() }),
    ]);
    const errors = [...Value.Errors(optionsEndpoints.placeOrder.answer, placedOption)];
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });

  it("a placed position, a closed one and a waiting order", async () => {
    const page = (await expectAnswer(
      contractEndpoints.orders.path,
      contractEndpoints.orders.answer,
    )) as { items: { state: number }[] };
    expect(page.items.map((o) => o.state)).toEqual([0, 1, 2]);
    const errors = [...Value.Errors(contractEndpoints.placeOrder.answer, placedContract)];
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });

  it("a message with its body", async () => {
    const page = (await expectAnswer(
      profileEndpoints.messages.path,
      profileEndpoints.messages.answer,
    )) as { items: { id: string }[] };
    expect(page.items.length).toBeGreaterThan(0);
    const id = page.items[0]?.id ?? "";
    await expectAnswer(`${API_BASE}/profile/message/${id}`, profileEndpoints.message.answer);
  });

  it("an article with its body", async () => {
    const page = (await expectAnswer(
      systemEndpoints.articles.path,
      systemEndpoints.articles.answer,
    )) as { items: { id: string }[] };
    for (const { id } of page.items.slice(0, 1)) {
      await expectAnswer(`${API_BASE}/system/article/${id}`, systemEndpoints.article.answer);
    }
  });
});
