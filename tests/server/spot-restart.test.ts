// Restart safety: resting limit orders live in the database, so a new app, market and
// matcher on the same database match them again: an order whose price the market reached while
// no matcher ran fills as soon as one starts, and one still resting fills on the new feed's
// first crossing book. The ledger checks clean afterwards.
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { SpotOrder } from "../../protocol/spot";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { startSpotMatcher, type SpotMatcher } from "../../server/domain/spot/spot-matcher";
import { formatFixed } from "../../protocol/decimal";
import type { RunningMarket } from "../../server/market/start-market";
import { createUserSession, type TestSession } from "./helpers/sessions";
import {
  fund,
  placeOrder,
  reservationMismatches,
  startTestMarket,
  stepMarket,
} from "./helpers/spot";
import { buildTestApp } from "./helpers/test-app";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const SYMBOL = "DOGE/USDT";
let running: { app: FastifyInstance; market: RunningMarket; matcher: SpotMatcher }[] = [];
let user: TestSession;

/** One server process's worth: the app, its market attached, its matcher. */
async function startServer(db: Db, seed: string) {
  const app = await buildTestApp({ db });
  const market = await startTestMarket(db, seed);
  app.market.attach(market.feed);
  const matcher = await startSpotMatcher({ db, market: app.market, log: console });
  const server = { app, market, matcher };
  running.push(server);
  return server;
}

async function stopServer(server: (typeof running)[number]): Promise<void> {
  await server.matcher.stop();
  await server.market.stop();
  await server.app.close();
  running = running.filter((s) => s !== server);
}

async function status(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>("SELECT status FROM spot_orders WHERE id = $1", [
    id,
  ]);
  return row?.status;
}

function bestAsk(market: RunningMarket): bigint {
  const ask = market.feed.depth(SYMBOL, 1)?.asks[0]?.[0];
  if (ask === undefined) throw new Error("no book");
  return BigInt(ask.replace(".", "")) * 10n; // 5 decimals -> USDT units
}

const price = (units: bigint) => formatFixed(units / 10n, 5);

beforeEach(async () => {
  await resetDb(getDb());
  user = await createUserSession(getDb());
  await fund(getDb(), user.userId, "USDT", 1_000_000_000n);
});
afterEach(async () => {
  for (const server of [...running]) await stopServer(server);
  expect((await checkLedger(getDb())).violations).toEqual([]);
  expect(await reservationMismatches(getDb())).toEqual([]);
});

it("a new matcher fills at once an order the market crossed while none was running", async () => {
  const db = getDb();
  const first = await startServer(db, "spot-restart-a");
  await stepMarket(first.market, 1);
  const limit = bestAsk(first.market) - 50n; // five steps below the ask
  const order = await placeOrder(first.app, user, {
    symbol: SYMBOL,
    side: 0,
    type: 1,
    price: price(limit),
    number: "1000",
  });
  await first.matcher.settled();
  await first.matcher.stop(); // the process's matcher is gone; its market runs on
  let steps = 0;
  while (bestAsk(first.market) > limit && steps < 3000) {
    await stepMarket(first.market, 1);
    steps += 1;
  }
  expect(bestAsk(first.market) <= limit).toBe(true);
  expect(await status(db, order.id)).toBe("open");
  const crossedAt = first.market.feed.depth(SYMBOL, 1)?.seq;

  const matcher = await startSpotMatcher({ db, market: first.app.market, log: console });
  await matcher.settled();
  await matcher.stop();
  expect(await status(db, order.id)).toBe("filled");
  const [fill] = await db.query<{ depth_seq: string; price: string }>(
    "SELECT depth_seq::text, price::text FROM spot_fills WHERE order_id = $1",
    [order.id],
  );
  expect(fill).toEqual({ depth_seq: crossedAt, price: limit.toString() });
});

it("after a restart on the same database, resting orders fill on the new feed", async () => {
  const db = getDb();
  const first = await startServer(db, "spot-restart-b");
  await stepMarket(first.market, 1);
  const ask = bestAsk(first.market);
  const placed: SpotOrder[] = [];
  for (const below of [2n, 5n]) {
    placed.push(
      await placeOrder(first.app, user, {
        symbol: SYMBOL,
        side: 0,
        type: 1,
        price: price(ask - below * 10n),
        number: "500",
      }),
    );
  }
  await first.matcher.settled();
  for (const o of placed) expect(await status(db, o.id)).toBe("open");
  const lastSeq = BigInt(first.market.feed.depth(SYMBOL, 1)?.seq ?? "0");
  await stopServer(first);

  // A new process: the chain continues from the record, the matcher loads the open orders.
  const second = await startServer(db, "spot-restart-b");
  await second.matcher.settled();
  for (const o of placed) expect(second.matcher.isOpen(o.id)).toBe(true);
  // The path after a restart is keyed by the restart time, so how soon it reaches the limits is
  // chance: step until both filled (or a budget runs out), noting the lowest ask on the way.
  await stepMarket(second.market, 1);
  await second.matcher.settled();
  let lowestAsk = bestAsk(second.market);
  for (let i = 0; i < 3000; i += 1) {
    const states = await Promise.all(placed.map((o) => status(db, o.id)));
    if (states.every((s) => s === "filled")) break;
    await stepMarket(second.market, 1);
    await second.matcher.settled();
    const ask = bestAsk(second.market);
    if (ask < lowestAsk) lowestAsk = ask;
  }
  for (const o of placed) {
    const limit = BigInt((o.price ?? "0").replace(".", "")) * 10n;
    if (lowestAsk > limit) {
      // Never crossed: still resting, still tracked.
      expect(await status(db, o.id)).toBe("open");
      expect(second.matcher.isOpen(o.id)).toBe(true);
      continue;
    }
    expect(await status(db, o.id)).toBe("filled");
    const [fill] = await db.query<{ tick_seq: string }>(
      "SELECT tick_seq::text FROM spot_fills WHERE order_id = $1",
      [o.id],
    );
    expect(BigInt(fill?.tick_seq ?? "0") > lastSeq).toBe(true);
  }
});

it("an order whose notification was lost is found by the next reconcile", async () => {
  const db = getDb();
  // Placements through this Db send no notifications, as if each were lost after commit.
  const silent: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    notify: async () => undefined,
    transaction: (fn) => db.transaction((tx) => fn({ ...tx, notify: async () => undefined })),
    listen: (channel, onPayload, options) => db.listen(channel, onPayload, options),
    close: () => Promise.resolve(),
  };
  const app = await buildTestApp({ db: silent });
  const market = await startTestMarket(db, "spot-restart-c");
  app.market.attach(market.feed);
  const matcher = await startSpotMatcher({
    db,
    market: app.market,
    log: console,
    reconcileMs: 200,
  });
  running.push({ app, market, matcher });
  await stepMarket(market, 1);
  const order = await placeOrder(app, user, {
    symbol: SYMBOL,
    side: 0,
    type: 1,
    price: price(bestAsk(market) - 50n),
    number: "1000",
  });
  await matcher.settled();
  expect(matcher.isOpen(order.id)).toBe(false);
  await expect.poll(() => matcher.isOpen(order.id), { timeout: 5_000 }).toBe(true);
});
