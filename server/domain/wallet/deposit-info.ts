// GET /wallet/deposit: the chain, token and address a user sends USDT to. The demo has one deposit
// address for everyone (an anvil account): a deposit is matched to its user by the recharge
// request that names its tx hash, not by the address.
import { DEPOSIT_MIN_AMOUNT, type DepositInfo } from "../../../protocol/chain";
import type { QuantaMode } from "../../../protocol/health";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import { DomainError } from "../errors";

export function depositInfo(mode: QuantaMode, chain: ChainEndpoint | undefined): DepositInfo {
  if (chain === undefined) {
    throw new DomainError(
      "UNAVAILABLE",
      { part: "chain" },
      mode === "demo"
        ? "The dev chain is not running yet; try again in a few seconds"
        : "On-chain deposits are not configured on this server",
    );
  }
  return {
    chainId: chain.chainId,
    network: "ERC20",
    asset: "USDT",
    token: chain.token,
    address: chain.depositAddress,
    confirmations: chain.confirmations,
    minAmount: DEPOSIT_MIN_AMOUNT,
  };
}
