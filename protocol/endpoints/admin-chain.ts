// /admin/chain: what the chain itself says, for the console (issue 22). Both only read (GETs need
// `read`): the dashboard's on-chain balances next to the ledger's view, and one transaction (a
// recharge's tx hash) looked up. A chain that is not there or does not answer is a 200 with a
// `state` saying so, never a 500: the dashboard must still load while the node is down.
import { Type } from "@sinclair/typebox";
import {
  TX_HASH_PATTERN,
  type AdminChainBalances,
  type AdminChainTransaction,
} from "../admin-chain";
import { API_BASE } from "../paths";
import { described } from "./common";
import { endpoint } from "./endpoint";

const CHAIN = `${API_BASE}/admin/chain`;

export const TxHashParams = Type.Object({
  hash: Type.String({ pattern: TX_HASH_PATTERN, description: "0x and 64 hex digits" }),
});

export const adminChainEndpoints = {
  chainBalances: endpoint({
    method: "GET",
    path: `${CHAIN}/balances`,
    summary:
      "Hot wallet (USDT, ETH) and deposit addresses (USDT) read on chain, with the ledger's view",
    access: "operator",
    permission: "read",
    answer: described<AdminChainBalances>(
      "{ chain: { state, blockNumber, hotWallet, deposits }, ledger, readAt }",
    ),
  }),
  chainTransaction: endpoint({
    method: "GET",
    path: `${CHAIN}/transactions/:hash`,
    summary:
      "A transaction on chain: status, confirmations, from/to, USDT transfers to the deposit address",
    access: "operator",
    permission: "read",
    params: TxHashParams,
    answer: described<AdminChainTransaction>("{ state, confirmations, from, to, transfers }"),
  }),
};
