// `app.chain`: the deposit chain (server/chain/attached-chain.ts). A production config with a
// chain attaches it here; the demo dev chain is attached by main.ts (or a test) once running.
import { AttachedChain } from "../chain/attached-chain";
import type { ChainConfig } from "../chain/chain-config";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyInstance {
    chain: AttachedChain;
  }
}

export const chainPlugin = globalPlugin<{ chain: ChainConfig }>(
  "quanta-chain",
  async (app, { chain }) => {
    const attached = new AttachedChain();
    if (chain.kind === "rpc") {
      attached.attachEndpoint({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        token: chain.usdtContract,
        depositAddress: chain.depositAddress,
        confirmations: chain.confirmations,
      });
    }
    app.decorate("chain", attached);
  },
);
