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
import { request } from "./client";

/** POST /wallet/demo-credit (demo mode only): answers bill 106. */
export function requestDemoCredit(
  body: DemoCreditRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Bill> {
  return request<Bill>("POST", "wallet/demo-credit", {
    ...opts,
    json: body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

const money = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

/** GET /wallet/deposit: where to send USDT (503 UNAVAILABLE until the chain is up). */
export function getDepositInfo(opts: { quiet?: boolean } = {}): Promise<DepositInfo> {
  return request<DepositInfo>("GET", "wallet/deposit", opts);
}

/** POST /wallet/recharge: `voucher` is an upload id of purpose "voucher". */
export function createRecharge(
  body: RechargeRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Recharge> {
  return request<Recharge>("POST", "wallet/recharge", {
    ...opts,
    json: body,
    headers: money(idempotencyKey),
  });
}

/** GET /wallet/recharge: the user's recharges, newest first. */
export function listRecharges(
  params: { cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<Recharge>> {
  return request<ListPage<Recharge>>("GET", "wallet/recharge", { ...opts, searchParams: params });
}

/** GET /wallet/withdraw/config: fee, minimum and maximum, shown before confirming. */
export function getWithdrawConfig(opts: { quiet?: boolean } = {}): Promise<WithdrawConfig> {
  return request<WithdrawConfig>("GET", "wallet/withdraw/config", opts);
}

/** POST /wallet/withdraw: freezes amount + fee until an operator decides. */
export function createWithdrawal(
  body: WithdrawRequest,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<Withdrawal> {
  return request<Withdrawal>("POST", "wallet/withdraw", {
    ...opts,
    json: body,
    headers: money(idempotencyKey),
  });
}

/** GET /wallet/withdraw: the user's withdrawals, newest first. */
export function listWithdrawals(
  params: { cursor?: string; limit?: number } = {},
  opts: { quiet?: boolean } = {},
): Promise<ListPage<Withdrawal>> {
  return request<ListPage<Withdrawal>>("GET", "wallet/withdraw", { ...opts, searchParams: params });
}

/** POST /wallet/faucet (demo only): test USDT from the dev chain's hot wallet to the user's wallet. */
export function requestFaucet(
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<FaucetAnswer> {
  return request<FaucetAnswer>("POST", "wallet/faucet", {
    ...opts,
    headers: money(idempotencyKey),
  });
}
