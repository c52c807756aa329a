// Money in and out of the platform (API.md /wallet/*). Every POST moves money, so each carries
// the Idempotency-Key of its outbox entry: a retry after a lost answer gets the stored answer.
import type { Bill, DemoCreditRequest, ListPage } from "../../protocol";
import type { DepositInfo, FaucetAnswer } from "../../protocol/chain";
import type {
  Recharge,
  RechargeRequest,
  WithdrawConfig,
  WithdrawRequest,
  Withdrawal,
} from "../../protocol/wallet";
import { call } from "./call";

const money = (idempotencyKey: string) => ({ "idempotency-key": idempotencyKey });

/** POST /wallet/demo-credit (demo mode only): answers bill 106. */
export function requestDemoCredit(
  body: DemoCreditRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Bill> {
  return call("POST /wallet/demo-credit", { ...opts, body, headers: money(idempotencyKey) });
}

/** GET /wallet/deposit: where to send USDT (503 UNAVAILABLE until the chain is up). */
export function getDepositInfo(opts: { quiet?: boolean } = {}): Promise<DepositInfo> {
  return call("GET /wallet/deposit", opts);
}

/** POST /wallet/recharge: `voucher` is an upload id of purpose "voucher". */
export function createRecharge(
  body: RechargeRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Recharge> {
  return call("POST /wallet/recharge", { ...opts, body, headers: money(idempotencyKey) });
}

/** GET /wallet/recharge: the user's recharges, newest first. */
export function listRecharges(
  params: { cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<Recharge>> {
  return call("GET /wallet/recharge", { ...opts, query: params });
}

/** GET /wallet/withdraw/config: fee, minimum and maximum, shown before confirming. */
export function getWithdrawConfig(opts: { quiet?: boolean } = {}): Promise<WithdrawConfig> {
  return call("GET /wallet/withdraw/config", opts);
}

/** POST /wallet/withdraw: freezes amount + fee until an operator decides. */
export function createWithdrawal(
  body: WithdrawRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Withdrawal> {
  return call("POST /wallet/withdraw", { ...opts, body, headers: money(idempotencyKey) });
}

/** GET /wallet/withdraw: the user's withdrawals, newest first. */
export function listWithdrawals(
  params: { cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<Withdrawal>> {
  return call("GET /wallet/withdraw", { ...opts, query: params });
}

/** POST /wallet/faucet (demo only): test USDT from the dev chain's hot wallet to the user's wallet. */
export function requestFaucet(
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<FaucetAnswer> {
  return call("POST /wallet/faucet", { ...opts, headers: money(idempotencyKey) });
}
