// The income on /my (GET /assets/overview `income`): what the user actually gained or lost, in
// USDT, today, yesterday (calendar days in their time zone) and in total.
//
// Counted: spot realised profit and loss (average cost, fees included: spot-realised.ts),
// options realised profit and loss (profit − fee per settled order: options-realised.ts) and
// contract realised profit and loss (pnl − opening and closing fee per closed position:
// contract-realised.ts). Deposits, withdrawals, demo funds, open options, open positions and
// unrealised gains on coins still held are not income.
import type { Queryable } from "../../db/db";
import {
  userClosedContracts,
  userSettledOptions,
  userSpotFills,
} from "../../db/repositories/income-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import { contractRealised } from "./contract-realised";
import { sumIncomeDays } from "./income-days";
import { optionsRealised } from "./options-realised";
import { spotRealised } from "./spot-realised";

export interface UserIncome {
  today: string;
  yesterday: string;
  total: string;
  /** The IANA zone whose calendar days "today" and "yesterday" are. */
  timeZone: string;
}

export async function userIncome(
  db: Queryable,
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<UserIncome> {
  const [fills, options, contracts] = await Promise.all([
    userSpotFills(db, userId),
    userSettledOptions(db, userId),
    userClosedContracts(db, userId),
  ]);
  const spot = spotRealised(
    fills.map((f) => ({
      base: f.base,
      side: Number(f.side) === 1 ? 1 : 0,
      number: BigInt(f.number),
      notional: BigInt(f.notional),
      fee: BigInt(f.fee),
      at: f.created_at,
    })),
  );
  const settled = optionsRealised(
    options.map((o) => ({
      result: o.result,
      profit: BigInt(o.profit),
      fee: BigInt(o.fee),
      settledAt: o.settled_at,
    })),
  );
  const closed = contractRealised(
    contracts.map((c) => ({
      pnl: BigInt(c.pnl),
      openFee: BigInt(c.open_fee),
      closeFee: BigInt(c.close_fee),
      closedAt: c.closed_at,
    })),
  );
  const days = sumIncomeDays([...spot, ...settled, ...closed], timeZone, now);
  const usdt = (units: bigint) => formatUnits(units, ASSET_SCALES.USDT);
  return {
    today: usdt(days.today),
    yesterday: usdt(days.yesterday),
    total: usdt(days.total),
    timeZone,
  };
}
