// What the options screen's tests store before rendering: the products, a ticker, the user's
// balance, and orders as the API answers them.
import type { OptionsOrder, OptionsProduct } from "../../protocol/options";
import { saveAssetsOverview } from "../db/account-data";
import { database } from "../db/database";
import { saveOptionsProducts } from "../db/options-data";

export const OPTIONS_PRODUCTS: OptionsProduct[] = [
  { seconds: 30, payoutRate: "0.8", minAmount: "1", maxAmount: "1000", feeRate: "0.01" },
  { seconds: 60, payoutRate: "0.85", minAmount: "1", maxAmount: "1000", feeRate: "0.01" },
];

/** A tick hash: the screens show the tick's seq, never check its hash. */
export const TICK_HASH = "a".repeat(64);

/** An open 60 s "up" option of 10 USDT bought a second ago, with `patch` on top. */
export function optionsOrder(patch: Partial<OptionsOrder> = {}): OptionsOrder {
  const time = new Date(Date.now() - 1_000);
  return {
    id: "op1",
    symbol: "BTC/USDT",
    direction: "up",
    seconds: 60,
    number: "10",
    fee: "0.1",
    payoutRate: "0.85",
    buyPrice: null,
    sellPrice: null,
    profit: null,
    result: null,
    entryTick: null,
    exitTick: null,
    time: time.toISOString(),
    expiresAt: new Date(time.getTime() + 60_000).toISOString(),
    settledAt: null,
    reason: null,
    ...patch,
  };
}

export async function putOptionsTicker(secondsAgo = 0): Promise<void> {
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  await database().tickers.put({
    symbol: "BTC/USDT",
    last: "67250.10",
    open24h: "66000.00",
    high24h: "67900.00",
    low24h: "65800.00",
    change24h: "1.89",
    volume24h: "1234.5",
    ts: at,
    seq: "977",
    receivedAt: new Date().toISOString(),
  });
}

/** 101 USDT available, the two products and a fresh ticker. */
export async function storeOptionsMarket(userId: string): Promise<void> {
  await saveAssetsOverview(userId, {
    balances: [{ asset: "USDT", available: "101", frozen: "0" }],
    usdt: { available: "101", frozen: "0", withdrawing: "0", withdrawn: "0" },
    income: { today: "0", yesterday: "0", total: "0" },
    creditLevel: 1,
    loan: "0",
    equityUsd: "101",
  });
  await saveOptionsProducts(OPTIONS_PRODUCTS);
  await putOptionsTicker();
}
