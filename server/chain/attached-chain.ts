// `app.chain`: the chain the wallet routes use. Production attaches the configured chain when the
// app is built; demo attaches the dev chain once server-services.ts has started it (in the background,
// as it takes a few seconds), so until then the dev-chain routes answer 503.
import type { ChainEndpoint } from "./chain-endpoint";
import type { DevChain } from "./dev-chain";
import type { HotWallet } from "./hot-wallet";

export class AttachedChain {
  #endpoint: ChainEndpoint | undefined;
  #dev: DevChain | undefined;
  #hotWallet: HotWallet | undefined;

  get endpoint(): ChainEndpoint | undefined {
    return this.#endpoint;
  }

  /** The running dev chain (demo only), or undefined. */
  get dev(): DevChain | undefined {
    return this.#dev;
  }

  /** The wallet withdrawals are sent from, or undefined: then they cannot be approved. */
  get hotWallet(): HotWallet | undefined {
    return this.#hotWallet;
  }

  /** Production: the configured chain, and its hot wallet when HOT_WALLET_KEY is set. */
  attachEndpoint(endpoint: ChainEndpoint, hotWallet?: HotWallet): void {
    this.#endpoint = endpoint;
    this.#hotWallet = hotWallet;
  }

  attachDev(chain: DevChain): void {
    this.#dev = chain;
    this.#endpoint = chain;
    this.#hotWallet = chain.hotWalletSender;
  }

  detach(): void {
    this.#dev = undefined;
    this.#endpoint = undefined;
    this.#hotWallet = undefined;
  }
}
