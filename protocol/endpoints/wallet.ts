// /wallet: money in and out of the platform. Every POST moves money, so each needs an
// Idempotency-Key; their bodies are validated loosely on purpose (see EndpointSpec.bodyAsValidated).
import { Type } from "@sinclair/typebox";
import { BILL_TYPE_CODES } from "../ledger";
import { API_BASE } from "../paths";
import { RECHARGE_STATUS, WITHDRAWAL_STATUS } from "../wallet";
import {
  Address,
  codeOf,
  DecimalString,
  Nullable,
  oneOf,
  IdempotencyHeaders,
  listPage,
  listQuery,
  untypedFields,
} from "./common";
import { endpoint } from "./endpoint";

const WALLET = `${API_BASE}/wallet`;

export const BillAnswer = Type.Object({
  id: Type.String(),
  type: oneOf(BILL_TYPE_CODES),
  asset: Type.String(),
  amount: Type.String({
    description: "signed decimal string: negative when the bill took money from the balance",
  }),
  balanceAfter: Type.String({ description: "the available balance after the bill" }),
  ref: Type.Object(
    { kind: Type.String(), id: Type.String() },
    { description: 'what caused it, e.g. { kind: "demo-credit", id }' },
  ),
  createdAt: Type.String(),
});

export const RechargeAnswer = Type.Object({
  id: Type.String(),
  amount: Type.String(),
  status: codeOf(RECHARGE_STATUS),
  txHash: Nullable(Type.String()),
  voucher: Nullable(Type.String({ description: "the voucher upload's id" })),
  verification: oneOf(["none", "waiting", "verified", "manual"] as const),
  createdAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});

export const WithdrawalAnswer = Type.Object({
  id: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  address: Type.String({ description: "EIP-55 checksummed destination" }),
  status: codeOf(WITHDRAWAL_STATUS),
  txHash: Nullable(Type.String()),
  createdAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});

export const DepositInfoAnswer = Type.Object({
  chainId: Type.Integer({ description: "EIP-155 chain id (31337 for the demo dev chain)" }),
  network: Type.Literal("ERC20"),
  asset: Type.Literal("USDT"),
  token: Type.String({ description: "the USDT ERC20 contract, EIP-55 checksummed" }),
  address: Type.String({ description: "where to send it, EIP-55 checksummed" }),
  confirmations: Type.Integer({ description: "blocks on top of the deposit's block" }),
  minAmount: Type.String({ description: "decimal string in USDT" }),
});

export const FaucetAnswerSchema = Type.Object({ txHash: Type.String() });

export const WithdrawConfigAnswer = Type.Object({
  fee: Type.String({ description: "flat fee in USDT, kept only when the withdrawal is sent" }),
  minAmount: Type.String(),
  maxAmount: Type.String(),
  chainId: Type.Union([Type.Integer(), Type.Null()], { description: "EIP-155 id" }),
  network: Type.Literal("ERC20"),
});

export const DemoCreditBody = Type.Object({ amount: DecimalString });
export const RechargeBody = Type.Object({
  amount: DecimalString,
  /** An upload id of purpose "voucher". */
  voucher: Type.String(),
  txHash: Type.Optional(
    Type.String({
      description: "the deposit's transaction on the chain of GET /wallet/deposit, to verify it",
    }),
  ),
});
export const WithdrawBody = Type.Object({ amount: DecimalString, address: Address });

export const walletEndpoints = {
  deposit: endpoint({
    method: "GET",
    path: `${WALLET}/deposit`,
    summary: "Deposit address and terms",
    access: "user",
    answer: DepositInfoAnswer,
  }),
  demoCredit: endpoint({
    method: "POST",
    path: `${WALLET}/demo-credit`,
    summary: "Demo funds (demo only): answers bill 106",
    access: "user",
    headers: IdempotencyHeaders,
    body: DemoCreditBody,
    // `amount` has no type on purpose: money must arrive as a decimal string, never coerced.
    bodyAsValidated: Type.Object({ amount: Type.Unknown() }),
    answer: BillAnswer,
  }),
  faucet: endpoint({
    method: "POST",
    path: `${WALLET}/faucet`,
    summary: "Test USDT from the dev chain's hot wallet to the user's wallet (demo only)",
    access: "user",
    headers: IdempotencyHeaders,
    answer: FaucetAnswerSchema,
  }),
  submitRecharge: endpoint({
    method: "POST",
    path: `${WALLET}/recharge`,
    summary: "Submit a recharge (amount, voucher upload, optional tx hash)",
    access: "user",
    headers: IdempotencyHeaders,
    body: RechargeBody,
    // Nothing typed or required: the domain answers the seed's messages ("Please enter the amount").
    bodyAsValidated: untypedFields(["amount", "voucher", "txHash"]),
    answer: RechargeAnswer,
  }),
  recharges: endpoint({
    method: "GET",
    path: `${WALLET}/recharge`,
    summary: "The user's recharges, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(RechargeAnswer),
  }),
  withdrawConfig: endpoint({
    method: "GET",
    path: `${WALLET}/withdraw/config`,
    summary: "Withdrawal fee and limits",
    access: "user",
    answer: WithdrawConfigAnswer,
  }),
  withdraw: endpoint({
    method: "POST",
    path: `${WALLET}/withdraw`,
    summary: "Request a withdrawal: amount + fee frozen until an operator decides",
    access: "user",
    headers: IdempotencyHeaders,
    body: WithdrawBody,
    // Nothing typed or required: the domain says exactly what is wrong (seed messages).
    bodyAsValidated: untypedFields(["amount", "address"]),
    answer: WithdrawalAnswer,
  }),
  withdrawals: endpoint({
    method: "GET",
    path: `${WALLET}/withdraw`,
    summary: "The user's withdrawals, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(WithdrawalAnswer),
  }),
};
