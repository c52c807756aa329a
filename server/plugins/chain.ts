// `app.chain`: the deposit chain (server/chain/attached-chain.ts). A production config with a
// chain attaches it here; the demo dev chain is attached by main.ts (or a test) once running.
import { createPublicClient, http } from "viem";
import { AttachedChain } from "../chain/attached-chain";
import type { ChainConfig } from "../chain/chain-config";
import { productionHotWallet } from "../chain/hot-wallet";
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
      const publicClient = createPublicClient({ transport: http(chain.rpcUrl) });
      const { chainId, rpcUrl, usdtContract: token, hotWalletKey: key } = chain;
      attached.attachEndpoint(
        {
          chainId,
          rpcUrl,
          token,
          depositAddress: chain.depositAddress,
          confirmations: chain.confirmations,
          publicClient,
        },
        key ? productionHotWallet({ key, chainId, rpcUrl, token, publicClient }) : undefined,
      );
    }
    app.decorate("chain", attached);
  },
);
