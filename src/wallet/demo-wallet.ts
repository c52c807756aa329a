import { getAddress, isHex, numberToHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { anvil } from "viem/chains";

/**
 * The demo wallet (demo mode only): a key generated in this browser and kept on this device,
 * exposed as an EIP-1193 provider so it goes through exactly the same wagmi and SIWE path as a
 * real wallet. It holds test money only; the key never leaves the device.
 */

/** Where the key is kept (IndexedDB in the app); the wallet layer itself has no storage. */
export interface DemoKeyStore {
  load(): Promise<string | null>;
  /** Keeps the key unless one exists, and answers the key that is kept. */
  save(privateKey: string): Promise<string>;
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

export function isPrivateKey(value: unknown): value is Hex {
  return typeof value === "string" && PRIVATE_KEY.test(value);
}

/** The device's demo key: the stored one, or a new one generated and stored now. */
export async function getOrCreateDemoKey(store: DemoKeyStore): Promise<Hex> {
  const existing = await store.load();
  const key = existing ?? (await store.save(generatePrivateKey()));
  if (!isPrivateKey(key)) throw new Error("The stored demo wallet key is not a private key.");
  return key;
}

export const DEMO_CHAIN_ID = anvil.id;

type Listener = (payload: unknown) => void;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DemoProvider {
  readonly address: Hex;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): void;
  removeListener(event: string, listener: Listener): void;
}

/** An EIP-1193 provider that signs with the demo key, as far as sign-in needs one. */
export function createDemoProvider(privateKey: Hex): DemoProvider {
  const account = privateKeyToAccount(privateKey);
  const lower = account.address.toLowerCase();
  const listeners = new Map<string, Set<Listener>>();
  let connected = false;
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const permissions = () => [
    {
      parentCapability: "eth_accounts",
      caveats: [{ type: "restrictReturnedAccounts", value: [lower] }],
    },
  ];

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case "eth_chainId":
        return numberToHex(DEMO_CHAIN_ID);
      case "eth_accounts":
        return connected ? [lower] : [];
      case "eth_requestAccounts":
      case "wallet_requestPermissions":
        connected = true;
        emit("accountsChanged", [lower]);
        return method === "eth_requestAccounts" ? [lower] : permissions();
      case "wallet_revokePermissions":
        connected = false;
        emit("accountsChanged", []);
        return null;
      case "wallet_switchEthereumChain": {
        const wanted = (params[0] as { chainId?: unknown } | undefined)?.chainId;
        if (wanted === numberToHex(DEMO_CHAIN_ID)) return null;
        throw new RpcError(4902, "The demo wallet only knows the demo chain.");
      }
      case "personal_sign": {
        const [message, address] = params;
        if (!connected || typeof address !== "string" || getAddress(address) !== account.address) {
          throw new RpcError(4100, "The demo wallet is not connected to this account.");
        }
        if (typeof message !== "string") throw new RpcError(-32602, "personal_sign needs text.");
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      default:
        throw new RpcError(4200, `The demo wallet does not support ${method}.`);
    }
  };

  return {
    address: account.address,
    request: ({ method, params }) => handle(method, Array.isArray(params) ? params : []),
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
