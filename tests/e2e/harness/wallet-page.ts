// The page half of the test wallet: an EIP-1193 provider announced through EIP-6963 whose every
// request crosses to Node (wallet.ts), where a real private key answers. This function is
// serialised into an init script, so it must not reference anything outside its own body.

export interface WalletPageConfig {
  /** Name of the Playwright binding that answers requests in Node. */
  binding: string;
  /** Name of the page global through which Node emits provider events. */
  emitter: string;
  /** EIP-6963 provider info. */
  info: { uuid: string; name: string; icon: string; rdns: string };
  /** Also expose the provider as window.ethereum (the first wallet installed does). */
  exposeAsEthereum: boolean;
}

export type WalletReply =
  { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export function walletPageScript(config: WalletPageConfig): void {
  type Listener = (payload: unknown) => void;
  const globals = window as unknown as Record<string, unknown>;
  const listeners = new Map<string, Set<Listener>>();

  const provider = {
    isQuantaTestWallet: true,
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      if (typeof args !== "object" || args === null || typeof args.method !== "string") {
        throw Object.assign(new Error("Invalid request: expected { method, params }."), {
          code: -32600,
        });
      }
      // Looked up per call: the binding may be installed after this script has run.
      const call = globals[config.binding] as ((payload: unknown) => Promise<WalletReply>) | null;
      if (typeof call !== "function") {
        throw Object.assign(new Error("The test wallet is not connected to Node."), {
          code: 4900,
        });
      }
      const reply = await call({ method: args.method, params: args.params ?? [] });
      if ("error" in reply) {
        // An EIP-1193 ProviderRpcError: an Error with a numeric code (and maybe data).
        throw Object.assign(new Error(reply.error.message), reply.error);
      }
      return reply.result;
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  Object.defineProperty(window, config.emitter, {
    value: (event: string, payload: unknown) => {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        // One faulty listener must not keep the event from the others, as in real wallets.
        try {
          listener(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
  });

  if (config.exposeAsEthereum && globals["ethereum"] === undefined) {
    globals["ethereum"] = provider;
  }

  const detail = Object.freeze({ info: Object.freeze({ ...config.info }), provider });
  const announce = () => {
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  };
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

/**
 * The init-script source. Test files are transformed by esbuild-like tools that may wrap named
 * functions in a `__name(...)` helper which does not exist in the page; a local no-op keeps the
 * serialised function runnable either way.
 */
export function walletInitScript(config: WalletPageConfig): string {
  return `(() => { const __name = (f) => f; (${walletPageScript.toString()})(${JSON.stringify(config)}); })();`;
}
