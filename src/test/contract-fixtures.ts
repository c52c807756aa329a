// What the contract screen's tests store before rendering: the contract terms, the spot rules
// its symbols use, a fresh ticker and book, the user's balance, and orders as the API answers.
import type { ContractConfig, ContractOrder } from "../../protocol/contract";
import { saveAssetsOverview } from "../db/account-data";
import { saveContractConfig } from "../db/contract-data";
import { database } from "../db/database";
import { saveSpotConfig } from "../db/spot-data";

/** The demo terms (issue 18). */
export const CONTRACT_CONFIG: ContractConfig = {
  leverages: [1, 2, 3, 5, 10, 20, 50],
  feeRate: "0.0005",
  maintenanceMarginRate: "0.005",
  symbols: ["BTC/USDT", "ETH/USDT"],
  minValue: "5",
};

export async function storeContractMarket(userId: string, availableUsdt = "1000"): Promise<void> {
  await saveAssetsOverview(userId, {
    balances: [{ asset: "USDT", available: availableUsdt, frozen: "0" }],
    usdt: { available: availableUsdt, frozen: "0", withdrawing: "0", withdrawn: "0" },
    income: { today: "0", yesterday: "0", total: "0" },
    creditLevel: 1,
    loan: "0",
    equityUsd: availableUsdt,
  });
  const rules = { quote: "USDT", priceStep: "0.01", qtyStep: "0.0001", minQty: "0.0001" };
  await saveSpotConfig(userId, {
    takerFeeRate: "0.001",
    makerFeeRate: "0.0008",
    maxSlippage: "0.05",
    maxPriceAgeSeconds: 10,
    symbols: [
      { ...rules, symbol: "BTC/USDT", base: "BTC", minNotional: "5" },
      { ...rules, symbol: "ETH/USDT", base: "ETH", minNotional: "5" },
    ],
  });
  await saveContractConfig(CONTRACT_CONFIG);
  await database().depth.put({
    symbol: "BTC/USDT",
    asks: [
      ["60010.00", "0.5"],
      ["60020.00", "1"],
    ],
    bids: [
      ["59990.00", "0.5"],
      ["59980.00", "1"],
    ],
    ts: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
  });
  await putContractTicker();
}

export async function putContractTicker(last = "60000.00", secondsAgo = 0): Promise<void> {
  const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
  await database().tickers.put({
    symbol: "BTC/USDT",
    last,
    open24h: "58800.00",
    high24h: "60500.00",
    low24h: "58000.00",
    change24h: "2.04",
    volume24h: "1234.5",
    ts: at,
    seq: "977",
    receivedAt: new Date().toISOString(),
  });
}

/** An open 10× long of 0.01 BTC at 60,010 (margin 60.01, liquidation 54,309.05). */
export function contractOrder(patch: Partial<ContractOrder> = {}): ContractOrder {
  return {
    id: "c1",
    symbol: "BTC/USDT",
    direction: "long",
    leverage: 10,
    type: 0,
    quantity: "0.0100",
    value: "600.1",
    price: "60010.00",
    margin: "60.01",
    liquidationPrice: "54309.05",
    takeProfit: null,
    stopLoss: null,
    pnl: null,
    fee: "0.30005",
    openFee: "0.30005",
    closeFee: null,
    state: 1,
    time: "2026-11-26T10:00:00.000Z",
    openedAt: "2026-11-26T10:00:00.000Z",
    openTickSeq: "977",
    targetsTickSeq: null,
    closePrice: null,
    closedAt: null,
    closeReason: null,
    closeTick: null,
    ...patch,
  };
}
