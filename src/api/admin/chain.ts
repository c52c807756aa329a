// The console's on-chain reads (GET /admin/chain/*): the platform's balances for the dashboard and
// one transaction for the recharge queue. Answers are states (no-chain, unreachable, …), not errors.
import type { AdminChainBalances, AdminChainTransaction } from "../../../protocol";
import { adminRequest } from "./transport";

export function readChainBalances(): Promise<AdminChainBalances> {
  return adminRequest("GET", "/admin/chain/balances");
}

export function lookUpChainTransaction(hash: string): Promise<AdminChainTransaction> {
  return adminRequest("GET", `/admin/chain/transactions/${encodeURIComponent(hash)}`);
}
