// GET /assets/summary: income by product over the user's calendar days (../income) and the
// daily equity curve of the last `days` days (equity-curve.ts), both in `timeZone`.
import type { Static } from "@sinclair/typebox";
import type { AssetsSummaryAnswer } from "../../../protocol/endpoints/assets";
import { formatUnits } from "../../../protocol/decimal";
import { USDT_SCALE } from "../../../protocol/assets";
import type { Queryable } from "../../db/db";
import {
  lastClosesBefore,
  userBalancesBefore,
  userEntriesBetween,
} from "../../db/repositories/equity-repository";
import { dayIn } from "../income/income-days";
import { daysBefore, startOfDay, sumIncomePeriods } from "../income/income-periods";
import { realisedByProduct, type IncomeProduct } from "../income/user-income";
import { balancesAtEnds, equityPoints, pricedAssets, type EquityInput } from "./equity-curve";

export type AssetsSummary = Static<typeof AssetsSummaryAnswer>;
type Periods = AssetsSummary["income"]["spot"];

export async function assetsSummary(
  db: Queryable,
  userId: string,
  options: { days: number; timeZone: string; now?: Date },
): Promise<AssetsSummary> {
  const { days, timeZone } = options;
  const now = options.now ?? new Date();
  const products = await realisedByProduct(db, userId);
  const income = {} as Record<IncomeProduct, Periods>;
  const usdt = (units: bigint) => formatUnits(units, USDT_SCALE);
  for (const product of Object.keys(products) as IncomeProduct[]) {
    const sums = sumIncomePeriods(products[product], timeZone, now);
    income[product] = {
      today: usdt(sums.today),
      yesterday: usdt(sums.yesterday),
      d7: usdt(sums.d7),
      d30: usdt(sums.d30),
      total: usdt(sums.total),
    };
  }
  return { income, equity: await equityCurve(db, userId, days, timeZone, now), timeZone };
}

async function equityCurve(
  db: Queryable,
  userId: string,
  count: number,
  timeZone: string,
  now: Date,
): Promise<[string, string][]> {
  const today = dayIn(timeZone, now);
  const days = Array.from({ length: count }, (_, i) => daysBefore(today, count - 1 - i));
  const ends = days.map((day) => startOfDay(timeZone, daysBefore(day, -1)));
  const first = days[0] ?? today;
  const last = ends.at(-1) ?? now;
  const start = startOfDay(timeZone, first);
  const [opening, entries] = await Promise.all([
    userBalancesBefore(db, userId, start),
    userEntriesBetween(db, userId, start, last),
  ]);
  const input: EquityInput = {
    days,
    ends,
    opening: new Map(opening.map((row) => [row.asset, BigInt(row.units)])),
    entries: entries.map((e) => ({ asset: e.asset, amount: BigInt(e.amount), at: e.created_at })),
    scales: new Map(opening.map((row) => [row.asset, Number(row.scale)])),
  };
  const atEnds = balancesAtEnds(input);
  const closes = new Map<string, (string | null)[]>();
  for (const asset of pricedAssets(atEnds)) {
    closes.set(asset, await lastClosesBefore(db, `${asset}/USDT`, ends));
  }
  return equityPoints(input, atEnds, closes);
}
