import { createConfig, http, injected, type Config, type CreateConnectorFn } from "@wagmi/core";
import { walletConnect } from "@wagmi/connectors/walletConnect";
import type { Chain, EIP1193Provider } from "viem";
import { anvil, mainnet } from "viem/chains";
import type { DemoProvider } from "./demo-wallet";

/** Connector ids the app tells apart; EIP-6963 wallets use their rdns as id. */
export const BROWSER_WALLET_ID = "injected";
export const DEMO_WALLET_ID = "dev.quanta.demo-wallet";
export const WALLETCONNECT_ID = "walletConnect";

export interface WalletConfigOptions {
  /** The page's origin: RPC goes through the server's relay there, never to a public node. */
  origin: string;
  /** Demo mode: the anvil dev chain is accepted, and a demo wallet may be offered. */
  demo: boolean;
  demoProvider: DemoProvider | null;
  walletConnectProjectId: string | null;
}

/** Chains a sign-in may name (the server's list: demo 31337 and 1, production 1). */
export function signInChains(demo: boolean): readonly [Chain, ...Chain[]] {
  return demo ? [anvil, mainnet] : [mainnet];
}

/**
 * The wagmi config. Transports are explicit because wagmi's defaults call public mainnet RPC
 * endpoints; sign-in needs no RPC at all, and later features relay through `/rpc/<chainId>` on
 * our own server. No storage: a reload starts disconnected, so nothing can restore a wallet
 * connection without a signed-in session behind it.
 */
export function createWalletConfig(options: WalletConfigOptions): Config {
  const connectors: CreateConnectorFn[] = [
    // window.ethereum of wallets too old for EIP-6963 (some in-app browsers); listed only when no
    // EIP-6963 wallet announced itself, since modern wallets would then appear twice.
    injected(),
  ];
  if (options.demoProvider) {
    const provider = options.demoProvider;
    connectors.push(
      injected({
        // The demo key cannot be "disconnected" by a user outside the app; no shim needed.
        shimDisconnect: false,
        target: {
          id: DEMO_WALLET_ID,
          // wagmi's label; the login screen shows its own translated name for the demo wallet.
          name: "Demo wallet",
          // Quanta's own logo (same origin, precached): without an icon the list showed a blank
          // square for it.
          icon: `${options.origin}/logo.svg`,
          // viem's EIP1193Provider types every method's params and result; ours answers the few
          // methods sign-in uses and rejects the rest with 4200, as a wallet may.
          provider: provider as unknown as EIP1193Provider,
        },
      }),
    );
  }
  if (options.walletConnectProjectId) {
    connectors.push(
      walletConnect({
        projectId: options.walletConnectProjectId,
        // @web3modal shows the QR code and the wallet list instead.
        showQrModal: false,
        metadata: {
          name: "Quanta",
          // eslint-disable-next-line lingui/no-unlocalized-strings -- shown by the wallet app, in English like the SIWE text
          description: "Honest crypto trading with your own wallet",
          url: options.origin,
          icons: [`${options.origin}/favicon.svg`],
        },
      }),
    );
  }
  const chains = signInChains(options.demo);
  return createConfig({
    chains,
    connectors,
    multiInjectedProviderDiscovery: true,
    storage: null,
    transports: Object.fromEntries(
      chains.map((chain) => [chain.id, http(`${options.origin}/rpc/${chain.id}`)]),
    ),
  });
}
