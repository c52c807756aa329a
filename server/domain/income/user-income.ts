// The income on /my: what the user actually gained or lost, in USDT, per product (GET
// /assets/summary) and all products together (GET /assets/overview `income`), over calendar
// days in their time zone.
//
// Counted: spot realised profit and loss (average cost, fees included: spot-realised.ts),
// options realised profit and loss (profit − fee per settled order: options-realised.ts),
// contract realised profit and loss (pnl − opening and closing fee per closed position:
// contract-realised.ts) and quant plan results (the 102 profit or 202 loss booked when a plan
// ends: plan-realised.ts). Deposits, withdrawals, demo funds, open options, open positions,
// running plans and unrealised gains on coins still held are not income.
import type { Queryable } from "../../db/db";
import {
  userClosedContracts,
  userPlanResults,
  userSettledOptions,
  userSpotFills,
} from "../../db/repositories/income-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import type { SUMMARY_PRODUCTS } from "../../../protocol/endpoints/assets";
import { contractRealised } from "./contract-realised";
import { sumIncomeDays } from "./income-days";
import { optionsRealised } from "./options-realised";
import { planRealised } from "./plan-realised";
import { spotRealised, type RealisedAmount } from "./spot-realised";

export type IncomeProduct = (typeof SUMMARY_PRODUCTS)[number];

export interface UserIncome {
  today: string;
  yesterday: string;
  total: string;
  /** The IANA zone whose calendar days "today" and "yesterday" are. */
  timeZone: string;
}

/** Every realised amount of the user, by product (USDT units, signed, each with its moment). */
export async function realisedByProduct(
  db: Queryable,
  userId: string,
): Promise<Record<IncomeProduct, RealisedAmount[]>> {
  const [fills, options, contracts, plans] = await Promise.all([
    userSpotFills(db, userId),
    userSettledOptions(db, userId),
    userClosedContracts(db, userId),
    userPlanResults(db, userId),
  ]);
  return {
    spot: spotRealised(
      fills.map((f) => ({
        base: f.base,
        side: Number(f.side) === 1 ? 1 : 0,
        number: BigInt(f.number),
        notional: BigInt(f.notional),
        fee: BigInt(f.fee),
        at: f.created_at,
      })),
    ),
    contract: contractRealised(
      contracts.map((c) => ({
        pnl: BigInt(c.pnl),
        openFee: BigInt(c.open_fee),
        closeFee: BigInt(c.close_fee),
        closedAt: c.closed_at,
      })),
    ),
    options: optionsRealised(
      options.map((o) => ({
        result: o.result,
        profit: BigInt(o.profit),
        fee: BigInt(o.fee),
        settledAt: o.settled_at,
      })),
    ),
    plans: planRealised(plans.map((p) => ({ amount: BigInt(p.amount), at: p.created_at }))),
  };
}

export async function userIncome(
  db: Queryable,
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<UserIncome> {
  const products = await realisedByProduct(db, userId);
  const days = sumIncomeDays(Object.values(products).flat(), timeZone, now);
  const usdt = (units: bigint) => formatUnits(units, ASSET_SCALES.USDT);
  return {
    today: usdt(days.today),
    yesterday: usdt(days.yesterday),
    total: usdt(days.total),
    timeZone,
  };
}
