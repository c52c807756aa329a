// The name of every bill code of API.md, in one place, translated through Lingui. The comment of
// each tells translators what the line means for the user's money. 106 must read "Demo funds":
// DESIGN §1.1 — play money is never presented as a deposit.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { isBillType, type BillType } from "../../../protocol";

export const BILL_TYPE_LABELS: Record<BillType, MessageDescriptor> = {
  101: msg({
    message: "Recharge",
    context: "Bill type",
    comment: "Financial records: bill type 101, USDT deposited to the platform (a noun)",
  }),
  102: msg({
    message: "Added",
    comment: "Financial records: bill type 102, funds added to the balance",
  }),
  103: msg({
    message: "Freeze",
    comment: "Financial records: bill type 103, funds moved from available to frozen",
  }),
  104: msg({
    message: "Unfreeze",
    comment: "Financial records: bill type 104, frozen funds made available again",
  }),
  105: msg({
    message: "Gift bonus",
    comment: "Financial records: bill type 105, a bonus credited as a gift",
  }),
  106: msg({
    message: "Demo funds",
    comment:
      "Financial records: bill type 106, play money credited in demo mode only; not real money",
  }),
  201: msg({
    message: "Withdrawal freeze",
    comment: "Financial records: bill type 201, amount and fee frozen for a withdrawal request",
  }),
  202: msg({
    message: "Deduct",
    comment: "Financial records: bill type 202, funds deducted from the balance",
  }),
  203: msg({
    message: "Withdrawal success",
    comment: "Financial records: bill type 203, a withdrawal was sent",
  }),
  204: msg({
    message: "Withdrawal failed",
    comment:
      "Financial records: bill type 204, a withdrawal failed or was rejected; funds returned",
  }),
  205: msg({
    message: "Withdrawal fee",
    comment: "Financial records: bill type 205, the fee of a sent withdrawal",
  }),
  206: msg({
    message: "Transfer out",
    comment: "Financial records: bill type 206, funds transferred out of this balance",
  }),
  207: msg({
    message: "Transfer in",
    comment: "Financial records: bill type 207, funds transferred into this balance",
  }),
  208: msg({
    message: "Coin-to-coin out",
    comment: "Financial records: bill type 208, the asset given in a coin-to-coin exchange",
  }),
  209: msg({
    message: "Coin-to-coin in",
    comment: "Financial records: bill type 209, the asset received in a coin-to-coin exchange",
  }),
  301: msg({
    message: "Contract fee",
    comment: "Financial records: bill type 301, fee of a contract (leveraged) trade",
  }),
  302: msg({
    message: "Contract income",
    comment: "Financial records: bill type 302, profit of a closed contract position",
  }),
  303: msg({
    message: "Contract loss",
    comment: "Financial records: bill type 303, loss of a closed contract position",
  }),
  311: msg({
    message: "Option purchase",
    comment: "Financial records: bill type 311, stake paid for a rise/fall option",
  }),
  312: msg({
    message: "Option earnings",
    comment: "Financial records: bill type 312, payout of a winning rise/fall option",
  }),
  313: msg({
    message: "Option return",
    comment: "Financial records: bill type 313, stake returned (e.g. a tie)",
  }),
  314: msg({
    message: "Option fee",
    comment: "Financial records: bill type 314, fee of a rise/fall option",
  }),
  315: msg({
    message: "Spot buy freeze",
    comment: "Financial records: bill type 315, funds frozen for a spot buy order",
  }),
  316: msg({
    message: "Spot buy deduct",
    comment: "Financial records: bill type 316, frozen funds paid for a filled spot buy",
  }),
  317: msg({
    message: "Spot buy return",
    comment: "Financial records: bill type 317, unused frozen funds of a spot buy returned",
  }),
  318: msg({
    message: "Spot buy credited",
    comment: "Financial records: bill type 318, bought asset credited",
  }),
  319: msg({
    message: "Spot buy credited (second step)",
    comment: "Financial records: bill type 319, second credit step of a spot buy",
  }),
  320: msg({
    message: "Spot sell freeze",
    comment: "Financial records: bill type 320, asset frozen for a spot sell order",
  }),
  321: msg({
    message: "Spot sell deduct",
    comment: "Financial records: bill type 321, frozen asset taken for a filled spot sell",
  }),
  322: msg({
    message: "Spot sell return",
    comment: "Financial records: bill type 322, unsold frozen asset returned",
  }),
  323: msg({
    message: "Spot sell credited",
    comment: "Financial records: bill type 323, proceeds of a spot sell credited",
  }),
  324: msg({
    message: "Spot sell credited (second step)",
    comment: "Financial records: bill type 324, second credit step of a spot sell",
  }),
  325: msg({
    message: "Spot pending-order fee",
    comment: "Financial records: bill type 325, fee of a resting (limit) spot order",
  }),
  401: msg({
    message: "Miner added",
    comment: "Financial records: bill type 401, funds added to a miner",
  }),
  402: msg({
    message: "Miner return",
    comment: "Financial records: bill type 402, funds returned from a miner",
  }),
  403: msg({
    message: "Miner revenue",
    comment: "Financial records: bill type 403, revenue of a miner",
  }),
  404: msg({
    message: "Miner exit",
    comment: "Financial records: bill type 404, funds released when leaving a miner",
  }),
  405: msg({
    message: "Miner exit fee",
    comment: "Financial records: bill type 405, fee charged when leaving a miner",
  }),
  501: msg({
    message: "Blind box purchase",
    comment: "Financial records: bill type 501, price paid for a blind box",
  }),
  502: msg({
    message: "Blind box revenue",
    comment: "Financial records: bill type 502, what a blind box paid out",
  }),
};

/** The translated label of a bill code; a code this version does not know shows its number. */
export function billTypeLabel(i18n: I18n, code: number): string {
  return isBillType(code) ? i18n._(BILL_TYPE_LABELS[code]) : String(code);
}

export interface BillTypeGroup {
  label: MessageDescriptor;
  types: readonly BillType[];
}

/** The type filter's groups, in the order a user thinks of money: in, out, then by product. */
export const BILL_TYPE_GROUPS: readonly BillTypeGroup[] = [
  { label: msg`Deposits and credits`, types: [101, 102, 105, 106] },
  { label: msg`Freezes`, types: [103, 104] },
  { label: msg`Withdrawals`, types: [201, 202, 203, 204, 205] },
  { label: msg`Transfers and exchange`, types: [206, 207, 208, 209] },
  { label: msg`Contract`, types: [301, 302, 303] },
  { label: msg`Options`, types: [311, 312, 313, 314] },
  {
    label: msg`Spot`,
    types: [315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325],
  },
  { label: msg`Miner`, types: [401, 402, 403, 404, 405] },
  { label: msg`Blind box`, types: [501, 502] },
];

/**
 * The bill types a product that exists today can post (the filter lists no contract,
 * options, miner or blind-box types nobody can have): deposits and demo funds, withdrawals, spot.
 * A product joins here when it starts posting bills.
 */
export const OFFERED_BILL_TYPES: ReadonlySet<BillType> = new Set<BillType>([
  101, 106, 201, 203, 204, 205, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325,
]);

/** The type filter's groups, narrowed to the offered types; groups left empty are dropped. */
export const BILL_FILTER_GROUPS: readonly BillTypeGroup[] = BILL_TYPE_GROUPS.flatMap((group) => {
  const types = group.types.filter((type) => OFFERED_BILL_TYPES.has(type));
  return types.length === 0 ? [] : [{ label: group.label, types }];
});
