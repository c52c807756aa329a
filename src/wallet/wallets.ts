import {
  connect,
  disconnect,
  getConnections,
  signMessage,
  switchChain,
  watchConnectors,
  type Config,
  type Connector,
} from "@wagmi/core";
import type { Address, Hex } from "viem";
import { mainnet } from "viem/chains";
import {
  BROWSER_WALLET_ID,
  createWalletConfig,
  DEMO_WALLET_ID,
  signInChains,
  WALLETCONNECT_ID,
} from "./config";
import { createDemoProvider, getOrCreateDemoKey, type DemoKeyStore } from "./demo-wallet";
import { isUserRejection, UnsupportedChainError, WalletRejectedError } from "./errors";
import { connectWithModal } from "./walletconnect-modal";

export type WalletKind = "injected" | "walletconnect" | "demo";

/** One wallet the login screen offers. */
export interface WalletChoice {
  id: string;
  kind: WalletKind;
  /** The wallet's own name (EIP-6963); the screen names the demo wallet and WalletConnect itself. */
  name: string;
  /** A data: URI from the wallet (EIP-6963), or null. */
  icon: string | null;
}

export interface Connected {
  address: Address;
  chainId: number;
}

/** The wallets of this page: what can be chosen, and connect, sign and disconnect. */
export interface Wallets {
  choices(): WalletChoice[];
  /** Wallets that announce themselves late (slow extensions) appear through this. */
  subscribe(listener: () => void): () => void;
  connect(id: string): Promise<Connected>;
  /** personal_sign through the connected wallet. */
  sign(message: string): Promise<Hex>;
  /** Ends every wallet connection; safe when none is open. */
  disconnect(): Promise<void>;
}

export interface WalletsOptions {
  origin: string;
  /** Demo mode: the dev chain is accepted and the demo wallet is offered (key kept here). */
  demoKeys: DemoKeyStore | null;
  walletConnectProjectId: string | null;
}

function kindOf(connector: Connector): WalletKind {
  if (connector.id === DEMO_WALLET_ID) return "demo";
  if (connector.id === WALLETCONNECT_ID) return "walletconnect";
  return "injected";
}

const KIND_ORDER: Record<WalletKind, number> = { injected: 0, walletconnect: 1, demo: 2 };

function listChoices(config: Config): WalletChoice[] {
  const all = config.connectors.map((connector) => ({
    id: connector.id,
    kind: kindOf(connector),
    name: connector.name,
    icon: connector.icon ?? null,
  }));
  const announced = all.some((c) => c.kind === "injected" && c.id !== BROWSER_WALLET_ID);
  const hasWindowEthereum = typeof window !== "undefined" && "ethereum" in window;
  // Real wallets first, the demo wallet last: it is for trying Quanta, not for money.
  return all
    .filter((c) => c.id !== BROWSER_WALLET_ID || (!announced && hasWindowEthereum))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

export async function createWallets(options: WalletsOptions): Promise<Wallets> {
  const demo = options.demoKeys !== null;
  const demoProvider = options.demoKeys
    ? createDemoProvider(await getOrCreateDemoKey(options.demoKeys))
    : null;
  const config = createWalletConfig({
    origin: options.origin,
    demo,
    demoProvider,
    walletConnectProjectId: options.walletConnectProjectId,
  });
  const allowedChains = new Set<number>(signInChains(demo).map((chain) => chain.id));
  let choices = listChoices(config);
  const listeners = new Set<() => void>();
  watchConnectors(config, {
    onChange: () => {
      choices = listChoices(config);
      for (const listener of listeners) listener();
    },
  });

  const disconnectAll = async () => {
    for (const connection of getConnections(config)) {
      await disconnect(config, { connector: connection.connector }).catch(() => undefined);
    }
  };

  const connectTo = async (id: string): Promise<Connected> => {
    await disconnectAll();
    const connector = config.connectors.find((c) => c.id === id);
    if (!connector) throw new Error(`No wallet with id ${id}.`);
    if (connector.id === WALLETCONNECT_ID && options.walletConnectProjectId) {
      await connectWithModal(config, options.walletConnectProjectId);
    } else {
      await connect(config, { connector });
    }
    const connection = getConnections(config).find((c) => c.connector.uid === connector.uid);
    const address = connection?.accounts[0];
    if (!connection || !address) throw new Error("The wallet connected without an account.");
    let chainId = connection.chainId;
    if (!allowedChains.has(chainId)) {
      // Every wallet knows Ethereum mainnet, and the server accepts it in both modes.
      try {
        chainId = (await switchChain(config, { chainId: mainnet.id, connector })).id;
      } catch (error) {
        if (isUserRejection(error)) throw error;
        throw new UnsupportedChainError(`The wallet stayed on chain ${chainId}.`, { cause: error });
      }
    }
    return { address, chainId };
  };

  const rejectionsNamed = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUserRejection(error)) {
        throw new WalletRejectedError("The user refused the wallet request.", { cause: error });
      }
      throw error;
    }
  };

  return {
    choices: () => choices,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect: (id) => rejectionsNamed(() => connectTo(id)),
    sign: (message) => rejectionsNamed(() => signMessage(config, { message })),
    disconnect: disconnectAll,
  };
}
