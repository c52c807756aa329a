// Waiting contract limit orders against a seeded simulated market stepped by hand: an order the
// book crosses opens at its own price on the newest recorded tick (its frozen fee to fees, 301;
// its margin still frozen as the position's), one the book does not cross keeps waiting with
// everything frozen, and an opened order is then liquidated by the first later tick beyond its
// liquidation price (stored at placing from the same price). On PGlite; checkLedger after each.
import { afterEach, beforeEach, expect, it } from "vitest";
import { USDT_SCALE } from "../../protocol/assets";
import { formatUnits, parseUnits } from "../../protocol/decimal";
import {
  startContractWorker,
  type ContractWorker,
} from "../../server/domain/contract/contract-worker";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { AttachedFeed } from "../../server/market/attached-feed";
import type { RunningMarket } from "../../server/market/start-market";
import {
  contractBills,
  contractOrder,
  eventually,
  insertPosition,
} from "./helpers/contract-positions";
import { fundUsdt, USDT } from "./helpers/options-settlement";
import { createUserSession } from "./helpers/sessions";
import { balancesOf, startTestMarket, stepMarket } from "./helpers/spot";
import { resetDb, usePglite } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const getDb = usePglite();
const SYMBOL = "BTC/USDT";

let market: RunningMarket;
let worker: ContractWorker | undefined;

beforeEach(async () => {
  await resetDb(getDb());
  market = await startTestMarket(getDb(), "contract-matcher");
  await stepMarket(market, 1);
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await market.stop();
  expect((await checkLedger(getDb())).violations).toEqual([]);
});

/** The best ask and bid of the live book, in USDT units. */
function best(): { ask: bigint; bid: bigint } {
  const depth = market.feed.depth(SYMBOL, 1);
  const ask = depth?.asks[0]?.[0];
  const bid = depth?.bids[0]?.[0];
  if (ask === undefined || bid === undefined) throw new Error("no book yet");
  return { ask: parseUnits(ask, USDT_SCALE), bid: parseUnits(bid, USDT_SCALE) };
}

/** A price in USDT units as the API writes BTC prices (2 decimals). */
const price = (units: bigint) =>
  formatUnits((units / 10_000n) * 10_000n, USDT_SCALE, { minDecimals: 2 });

it("a waiting order opens at its own price when the book crosses it, then liquidates", async () => {
  const db = getDb();
  const attached = new AttachedFeed();
  attached.attach(market.feed);
  worker = await startContractWorker({
    db,
    market: attached,
    log: workerLog,
    reconcileMs: 600_000,
  });
  const { userId } = await createUserSession(db);
  await fundUsdt(db, userId, 10_000n * USDT);

  // A 50× long 3 % above the ask (crossed at once; liquidation at 98.5 % of its price, above
  // the market), and a short 20 % above the bid (never crossed here).
  const { ask, bid } = best();
  const long = await insertPosition(db, {
    userId,
    direction: "long",
    leverage: 50,
    quantity: "0.01",
    price: price((ask * 103n) / 100n),
  });
  const short = await insertPosition(db, {
    userId,
    direction: "short",
    leverage: 5,
    quantity: "0.01",
    price: price((bid * 120n) / 100n),
  });
  expect(long.state).toBe(0);
  const frozenFee = parseUnits(long.openFee, USDT_SCALE);
  const margin = parseUnits(long.margin, USDT_SCALE);
  await eventually(() => worker?.watching(short.id) ?? false);

  // The next book crosses the long: it opens at its price on the newest recorded tick.
  await stepMarket(market, 1);
  await eventually(async () => (await contractOrder(db, long.id)).state !== 0);
  await worker.settled();
  const opened = await contractOrder(db, long.id);
  const headAtFill = market.feed.headSeqs().get(SYMBOL);
  expect(opened).toMatchObject({ price: long.price, liquidationPrice: long.liquidationPrice });
  // Opened on a recorded tick no later than the head; nothing liquidated it yet, or it was the
  // first later tick (the next step records one).
  expect(BigInt(opened.openTickSeq ?? "0")).toBeLessThanOrEqual(headAtFill ?? 0n);
  const bills = await contractBills(db, long.id);
  expect(bills.slice(0, 3)).toEqual([
    [103, -margin],
    [103, -frozenFee],
    [301, -frozenFee],
  ]);

  // The market is ~3 % below its price, beyond its liquidation price: the next tick closes it.
  for (let i = 0; i < 5 && (await contractOrder(db, long.id)).state !== 2; i += 1) {
    await stepMarket(market, 1);
    await worker.settled();
  }
  const closed = await contractOrder(db, long.id);
  expect(closed).toMatchObject({ state: 2, closeReason: "liquidation", pnl: `-${long.margin}` });
  expect(BigInt(closed.closeTick?.seq ?? "0")).toBe(BigInt(opened.openTickSeq ?? "0") + 1n);
  expect((await contractBills(db, long.id)).slice(3)).toEqual([
    [104, margin],
    [303, -margin],
  ]);

  // The short still waits with its margin and fee frozen.
  expect((await contractOrder(db, short.id)).state).toBe(0);
  const balance = (await balancesOf(db, userId))("USDT");
  expect(balance.frozen).toBe(
    parseUnits(short.margin, USDT_SCALE) + parseUnits(short.openFee, USDT_SCALE),
  );
  expect(worker.watching(short.id)).toBe(true);
  expect(worker.watching(long.id)).toBe(false);
});
