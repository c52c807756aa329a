// The deposit chain on the wire: GET /wallet/deposit, POST /wallet/faucet (demo) and the JSON-RPC
// relay the demo app's wallet uses to reach the dev chain (API.md "Added paths").
import type { Static } from "@sinclair/typebox";
import type { DepositInfoAnswer, FaucetAnswerSchema } from "./endpoints/wallet";

/** GET /wallet/deposit: where and how to send USDT to the platform (endpoints/wallet.ts). */
export type DepositInfo = Static<typeof DepositInfoAnswer>;

/** Smallest deposit the platform credits (decimal USDT). */
export const DEPOSIT_MIN_AMOUNT = "10";

/** POST /wallet/faucet (demo only): test USDT sent from the dev chain's hot wallet. */
export type FaucetAnswer = Static<typeof FaucetAnswerSchema>;

/** What one faucet request sends (decimal Test USDT). */
export const FAUCET_AMOUNT = "1000";
/** A user may call the faucet once per this many seconds. */
export const FAUCET_INTERVAL_SECONDS = 60;

/** The JSON-RPC methods the demo relay forwards to the dev chain; every other method is refused. */
export const RPC_RELAY_METHODS = [
  "eth_chainId",
  "net_version",
  "web3_clientVersion",
  "eth_blockNumber",
  "eth_call",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getBalance",
  "eth_getCode",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_getTransactionByHash",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getLogs",
  "eth_sendRawTransaction",
] as const;
