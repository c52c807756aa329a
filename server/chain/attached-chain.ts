// `app.chain`: the chain the wallet routes use. Production attaches the configured chain when the
// app is built; demo attaches the dev chain once main.ts has started it (after listening, as it
// takes a few seconds), so until then the dev-chain routes answer 503.
import type { ChainEndpoint } from "./chain-endpoint";
import type { DevChain } from "./dev-chain";

export class AttachedChain {
  #endpoint: ChainEndpoint | undefined;
  #dev: DevChain | undefined;

  get endpoint(): ChainEndpoint | undefined {
    return this.#endpoint;
  }

  /** The running dev chain (demo only), or undefined. */
  get dev(): DevChain | undefined {
    return this.#dev;
  }

  attachEndpoint(endpoint: ChainEndpoint): void {
    this.#endpoint = endpoint;
  }

  attachDev(chain: DevChain): void {
    this.#dev = chain;
    this.#endpoint = chain;
  }

  detach(): void {
    this.#dev = undefined;
    this.#endpoint = undefined;
  }
}
