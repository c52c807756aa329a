// Money on the wire (API.md assets/*, wallet/*, bill types): amounts are decimal strings in the
// asset's units ("1250.5"), signed where a bill takes money away. Never a JS number.
import type { Static } from "@sinclair/typebox";
import type { LedgerCheckAnswer } from "./endpoints/admin";
import type { AssetsOverviewAnswer } from "./endpoints/assets";
import type { BillAnswer, DemoCreditBody } from "./endpoints/wallet";

/** API.md "Bill types": code -> English name (the app shows translated labels per code). */
export const BILL_TYPES = {
  101: "recharge",
  102: "add",
  103: "freeze",
  104: "unfreeze",
  105: "gift bonus",
  106: "demo funds",
  201: "withdrawal freeze",
  202: "deduct",
  203: "withdrawal success",
  204: "withdrawal failed",
  205: "withdrawal fee",
  206: "transfer out",
  207: "transfer in",
  208: "coin-to-coin out",
  209: "coin-to-coin in",
  301: "contract fee",
  302: "contract income",
  303: "contract loss",
  311: "option purchase",
  312: "option earnings",
  313: "option return",
  314: "option fee",
  315: "spot buy freeze",
  316: "spot buy deduct",
  317: "spot buy return",
  318: "spot buy credited",
  319: "spot buy credited (second step)",
  320: "spot sell freeze",
  321: "spot sell deduct",
  322: "spot sell return",
  323: "spot sell credited",
  324: "spot sell credited (second step)",
  325: "spot pending-order fee",
  401: "miner added",
  402: "miner return",
  403: "miner revenue",
  404: "miner exit",
  405: "miner exit fee",
  501: "blind box purchase",
  502: "blind box revenue",
} as const;

export type BillType = keyof typeof BILL_TYPES;

export const BILL_TYPE_CODES = Object.keys(BILL_TYPES).map(Number) as BillType[];

// GET /assets/overview's income is counted from orders and fills, not from bills
// (server/domain/income/README.md): no single bill carries a trade's result. An option's is its
// profit less its fee (312 pays back stake + profit), a contract position's its pnl (302 income,
// 303 loss) less the fees it paid at opening and closing (301), a spot sale's its proceeds less
// the average cost. Money in or out (1xx, 2xx), stakes, frozen and returned orders are never income.

export function isBillType(value: number): value is BillType {
  return Object.hasOwn(BILL_TYPES, value);
}

/** GET /assets/bills item; also the change log's "bill" entity (id = bill id). */
export type Bill = Static<typeof BillAnswer>;

/** GET /assets/overview */
export type AssetsOverview = Static<typeof AssetsOverviewAnswer>;

/** POST /wallet/demo-credit body. */
export type DemoCreditRequest = Static<typeof DemoCreditBody>;

/** Most a single demo credit may add (USDT). */
export const DEMO_CREDIT_MAX = "100000";

/** GET /admin/ledger/check: every invariant of DESIGN §5; ok when violations is empty. */
export type LedgerCheckReport = Static<typeof LedgerCheckAnswer>;
