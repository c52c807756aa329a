// Contract trading (API.md /contract/*, protocol/contract.ts). Opening is an online-only command:
// the caller (src/sync/contract-commands.ts) makes one Idempotency-Key per attempt, so a retry
// after a lost answer gets the stored answer instead of a second position.
import type {
  ContractConfig,
  ContractOrder,
  ContractOrderRequest,
  ContractTargetsRequest,
} from "../../protocol/contract";
import { call } from "./call";

type Quiet = { quiet?: boolean };

/** GET /contract/config (public): leverages, fee and maintenance rates, symbols, minimum value. */
export function getContractConfig(opts: Quiet = {}): Promise<ContractConfig> {
  return call("GET /contract/config", opts);
}

/** POST /contract/orders: a market order answers the open position, a limit order waiting. */
export function placeContractOrder(
  body: ContractOrderRequest,
  idempotencyKey: string,
  opts: Quiet = {},
): Promise<ContractOrder> {
  return call("POST /contract/orders", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** POST /contract/orders/{id}/close: closes an open position at market. */
export function closeContractOrder(id: string, opts: Quiet = {}): Promise<ContractOrder> {
  return call("POST /contract/orders/:id/close", { ...opts, params: { id } });
}

/** PUT /contract/orders/{id}/targets: both levels; null removes one. */
export function setContractTargets(
  id: string,
  body: ContractTargetsRequest,
  opts: Quiet = {},
): Promise<ContractOrder> {
  return call("PUT /contract/orders/:id/targets", { ...opts, params: { id }, body });
}

/** DELETE /contract/orders/{id}: cancels a waiting order; its margin and fee come back. */
export function cancelContractOrder(id: string, opts: Quiet = {}): Promise<ContractOrder> {
  return call("DELETE /contract/orders/:id", { ...opts, params: { id } });
}
