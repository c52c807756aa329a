// /assets: the signed-in user's balances and bills, read from the ledger.
import { Type } from "@sinclair/typebox";
import { ASSETS } from "../assets";
import { BILL_TYPE_CODES } from "../ledger";
import { API_BASE } from "../paths";
import { CreditLevel, listPage, listQuery, oneOf } from "./common";
import { BillAnswer } from "./wallet";
import { endpoint } from "./endpoint";

const ASSETS_PATH = `${API_BASE}/assets`;

const Balance = Type.Object({ available: Type.String(), frozen: Type.String() });

export const AssetsOverviewAnswer = Type.Object({
  balances: Type.Array(Type.Composite([Type.Object({ asset: Type.String() }), Balance])),
  usdt: Type.Composite([
    Balance,
    Type.Object({ withdrawing: Type.String(), withdrawn: Type.String() }),
  ]),
  income: Type.Object(
    {
      today: Type.String(),
      yesterday: Type.String(),
      total: Type.String(),
      // Optional because an overview stored on a device by an older build has none.
      timeZone: Type.Optional(Type.String()),
    },
    {
      description:
        "realised gains and losses in USDT; today and yesterday are calendar days in timeZone (the tz query, UTC without one)",
    },
  ),
  creditLevel: CreditLevel,
  loan: Type.String({ description: 'no lending is offered, so always "0"' }),
  equityUsd: Type.String(),
});

/** Realised income of one product over the user's calendar days (USDT decimal strings). */
const IncomePeriods = Type.Object({
  today: Type.String(),
  yesterday: Type.String(),
  d7: Type.String({ description: "the last 7 calendar days, today included" }),
  d30: Type.String({ description: "the last 30 calendar days, today included" }),
  total: Type.String(),
});

export const SUMMARY_PRODUCTS = ["spot", "contract", "options", "plans"] as const;
export const SUMMARY_DAYS = { min: 1, max: 90, default: 30 } as const;

export const AssetsSummaryAnswer = Type.Object({
  income: Type.Object({
    spot: IncomePeriods,
    contract: IncomePeriods,
    options: IncomePeriods,
    plans: IncomePeriods,
  }),
  equity: Type.Array(Type.Tuple([Type.String(), Type.String()]), {
    description:
      "[calendar day YYYY-MM-DD in timeZone, equity in USDT at that day's end: USDT available + frozen, plus other assets at that day's last recorded close], oldest first",
  }),
  timeZone: Type.String(),
});

export const assetsEndpoints = {
  overview: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/overview`,
    summary: "Balances, withdrawals, income (`?tz=` IANA zone for its days)",
    access: "user",
    // The user's time zone for income days; the route checks it against Intl.
    query: Type.Object({ tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    answer: AssetsOverviewAnswer,
  }),
  summary: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/summary`,
    summary: "Income by product and the daily equity curve (`?days=` 1–90, `?tz=` IANA zone)",
    access: "user",
    query: Type.Object({
      days: Type.Optional(
        Type.Integer({
          minimum: SUMMARY_DAYS.min,
          maximum: SUMMARY_DAYS.max,
          default: SUMMARY_DAYS.default,
        }),
      ),
      tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    }),
    answer: AssetsSummaryAnswer,
  }),
  bills: endpoint({
    method: "GET",
    path: `${ASSETS_PATH}/bills`,
    summary: "Bills, newest first, by type and asset",
    access: "user",
    query: listQuery({
      type: Type.Optional(oneOf(BILL_TYPE_CODES)),
      asset: Type.Optional(oneOf(ASSETS)),
    }),
    answer: listPage(BillAnswer),
  }),
};
