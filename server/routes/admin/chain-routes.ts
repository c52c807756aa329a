// /admin/chain: the console's on-chain reads (protocol/endpoints/admin-chain.ts). The chain is
// whatever app.chain has attached (demo: the dev chain once started; production: CHAIN_RPC_URL);
// none attached or no answer is a 200 with a state, and the node's error goes to the log only.
import type { FastifyPluginAsync } from "fastify";
import type { Hex } from "viem";
import { adminChainEndpoints } from "../../../protocol/endpoints";
import { lookUpTransaction, readPlatformBalances } from "../../chain/chain-reads";
import { readLedgerChainView } from "../../domain/wallet/chain-ledger-view";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";

export const chainRoutes: FastifyPluginAsync = async (app) => {
  const onError = (err: unknown) => app.log.warn({ err }, "console chain read failed");

  defineRoute(app, adminChainEndpoints.chainBalances, async () => {
    const endpoint = app.chain.endpoint;
    const [chain, ledger] = await Promise.all([
      endpoint === undefined
        ? ({ state: "no-chain" } as const)
        : readPlatformBalances(endpoint, { hotWallet: app.chain.hotWallet?.address, onError }),
      readLedgerChainView(app.db),
    ]);
    return ok({ chain, ledger, readAt: new Date().toISOString() });
  });

  defineRoute(app, adminChainEndpoints.chainTransaction, async (request) => {
    const endpoint = app.chain.endpoint;
    if (endpoint === undefined) return ok({ state: "no-chain" as const });
    // The contract's pattern admits only 0x + 64 hex digits.
    return ok(await lookUpTransaction(endpoint, request.params.hash as Hex, { onError }));
  });
};
