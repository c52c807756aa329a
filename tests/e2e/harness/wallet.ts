// The Node half of the test wallet: it holds a real private key (viem) and answers the page's
// EIP-1193 requests with real signatures, so the server verifies SIWE exactly as in production.
// It behaves like a careful browser wallet (MetaMask is the reference): accounts only after the
// user connected, lower-case addresses, signing only for the connected account, 4001 on refusal.
// With a node (`rpcUrl`) it also sends transactions and answers read calls through it, as a
// wallet does through its own node.
import type { BrowserContext } from "playwright-core";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  hexToBigInt,
  http,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { walletInitScript, type WalletReply } from "./wallet-page";
import {
  chainOf,
  ICON,
  invalidParams,
  parseChainId,
  parseTypedData,
  READ_METHODS,
  RpcError,
  signTypedData,
  UNAUTHORIZED,
  USER_REJECTED,
} from "./wallet-rpc";

/** Anvil's (and Hardhat's) well-known test account #0: never holds real funds. */
export const ANVIL_KEY_0: Hex =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export interface WalletOptions {
  /** Default: anvil test key #0 (address 0xf39F…2266). */
  privateKey?: Hex;
  /** Default 31337 (anvil). */
  chainId?: number;
  /** Chains wallet_switchEthereumChain accepts without wallet_addEthereumChain; default [1]. */
  knownChainIds?: number[];
  /** Reject every prompt (connect, sign, switch/add chain) with 4001; see setRefuse. */
  refuse?: boolean;
  /** Start as if the user had already connected this site (eth_accounts answers at once). */
  connected?: boolean;
  /** EIP-6963 name and rdns; defaults "Quanta Test Wallet" and "dev.quanta.testwallet". */
  name?: string;
  rdns?: string;
  /**
   * The wallet's node (fixtures: the server's JSON-RPC relay to the dev chain). Without it the
   * wallet signs only; with it, eth_sendTransaction signs here and sends through it, and read
   * methods are answered by it.
   */
  rpcUrl?: string;
}

export interface WalletRequest {
  method: string;
  params: unknown;
}

export interface TestWallet {
  readonly account: PrivateKeyAccount;
  /** EIP-55 checksummed; the provider itself answers lower case, as MetaMask does. */
  readonly address: Address;
  readonly chainId: number;
  readonly connected: boolean;
  /** Every request the pages made, in order (e.g. to assert the app asked to sign once). */
  readonly requests: readonly WalletRequest[];
  setRefuse(refuse: boolean): void;
  /** As if the user switched network in the wallet: emits chainChanged. */
  setChainId(chainId: number): Promise<void>;
  /** As if the user disconnected the site in the wallet: emits accountsChanged []. */
  disconnect(): Promise<void>;
}

let installed = 0;
const walletContexts = new WeakSet<BrowserContext>();

/** Inject the wallet into every page of the context, including the first navigation. */
export async function installWallet(
  context: BrowserContext,
  opts: WalletOptions = {},
): Promise<TestWallet> {
  const account = privateKeyToAccount(opts.privateKey ?? ANVIL_KEY_0);
  const lower = account.address.toLowerCase() as Address;
  let chainId = opts.chainId ?? 31337;
  const knownChains = new Set([chainId, ...(opts.knownChainIds ?? [1])]);
  let refuse = opts.refuse ?? false;
  let connected = opts.connected ?? false;
  const requests: WalletRequest[] = [];

  installed += 1;
  const binding = `__quantaTestWallet${installed}`;
  const emitter = `__quantaTestWalletEmit${installed}`;

  // Pushes an event to every open page; a page that is navigating away simply misses it.
  const emit = async (event: string, payload: unknown): Promise<void> => {
    const expression = `window[${JSON.stringify(emitter)}]?.(${JSON.stringify(event)}, ${JSON.stringify(payload)})`;
    await Promise.all(
      context.pages().map((page) => page.evaluate(expression).catch(() => undefined)),
    );
  };
  const prompt = (): void => {
    if (refuse) throw USER_REJECTED();
  };
  const authorize = (address: unknown): void => {
    if (!connected || typeof address !== "string" || address.toLowerCase() !== lower) {
      throw UNAUTHORIZED();
    }
  };
  const setChain = async (next: number): Promise<void> => {
    if (next === chainId) return;
    chainId = next;
    await emit("chainChanged", numberToHex(next));
  };
  const connect = async (): Promise<void> => {
    if (connected) return;
    connected = true;
    await emit("accountsChanged", [lower]);
  };
  const permissions = (origin: string) => [
    {
      id: "quanta-test-wallet-eth-accounts",
      parentCapability: "eth_accounts",
      invoker: origin,
      caveats: [{ type: "restrictReturnedAccounts", value: [lower] }],
      date: 0,
    },
  ];

  const handle = async (method: string, params: unknown[], origin: string): Promise<unknown> => {
    switch (method) {
      case "eth_chainId":
        return numberToHex(chainId);
      case "net_version":
        return String(chainId);
      case "eth_accounts":
        return connected ? [lower] : [];
      case "eth_requestAccounts":
        // A wallet only prompts a site that is not connected yet.
        if (!connected) {
          prompt();
          await connect();
        }
        return [lower];
      case "wallet_requestPermissions": {
        const wanted = params[0];
        if (typeof wanted !== "object" || wanted === null || !("eth_accounts" in wanted)) {
          throw invalidParams("only eth_accounts can be requested.");
        }
        prompt();
        await connect();
        return permissions(origin);
      }
      case "wallet_getPermissions":
        return connected ? permissions(origin) : [];
      case "wallet_revokePermissions":
        await disconnect();
        return null;
      case "personal_sign": {
        const [message, address] = params;
        if (typeof message !== "string")
          throw invalidParams("personal_sign needs [message, address].");
        authorize(address);
        prompt();
        // Hex is signed as bytes, anything else as UTF-8 text (both are what wallets do).
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case "eth_sign": {
        // JSON-RPC (geth, anvil) semantics: [address, data], EIP-191 prefixed like personal_sign.
        const [address, data] = params;
        authorize(address);
        if (!isHex(data)) throw invalidParams("eth_sign needs hex data.");
        prompt();
        return account.signMessage({ message: { raw: data } });
      }
      case "eth_signTypedData_v4": {
        const [address, raw] = params;
        authorize(address);
        const typedData = parseTypedData(raw);
        prompt();
        return signTypedData(account, typedData);
      }
      case "wallet_switchEthereumChain": {
        const next = parseChainId(params[0]);
        if (!knownChains.has(next)) {
          throw new RpcError(4902, `Unrecognized chain ID ${numberToHex(next)}.`);
        }
        if (next !== chainId) prompt();
        await setChain(next);
        return null;
      }
      case "wallet_addEthereumChain": {
        const next = parseChainId(params[0]);
        prompt();
        knownChains.add(next);
        // The user approves both the new network and the offer to switch to it.
        await setChain(next);
        return null;
      }
      case "eth_sendTransaction": {
        const [raw] = params;
        if (typeof raw !== "object" || raw === null) {
          throw invalidParams("eth_sendTransaction needs [transaction].");
        }
        const request = raw as { from?: unknown; to?: unknown; data?: unknown; value?: unknown };
        authorize(request.from);
        if (opts.rpcUrl === undefined) throw new RpcError(4200, "This test wallet has no node.");
        if (typeof request.to !== "string" || !isHex(request.to)) {
          throw invalidParams("a transaction needs a `to` address.");
        }
        prompt();
        const client = createWalletClient({
          account,
          chain: chainOf(chainId),
          transport: http(opts.rpcUrl),
        });
        return client.sendTransaction({
          to: getAddress(request.to),
          data: isHex(request.data) ? request.data : undefined,
          value: isHex(request.value) ? hexToBigInt(request.value) : undefined,
        });
      }
      default:
        if (opts.rpcUrl !== undefined && READ_METHODS.has(method)) {
          const node = createPublicClient({ transport: http(opts.rpcUrl) });
          return node.request({ method: method as "eth_call", params: params as never });
        }
        throw new RpcError(4200, `The test wallet does not support ${method}.`);
    }
  };

  const disconnect = async (): Promise<void> => {
    if (!connected) return;
    connected = false;
    await emit("accountsChanged", []);
  };

  await context.exposeBinding(
    binding,
    async (source, payload: { method: string; params: unknown }): Promise<WalletReply> => {
      requests.push({ method: payload.method, params: payload.params });
      try {
        if (payload.params !== undefined && !Array.isArray(payload.params)) {
          throw invalidParams("params must be an array.");
        }
        const origin = new URL(source.frame.url()).origin;
        return { result: await handle(payload.method, payload.params ?? [], origin) };
      } catch (error) {
        if (error instanceof RpcError)
          return { error: { code: error.code, message: error.message } };
        return { error: { code: -32603, message: `Internal error: ${String(error)}` } };
      }
    },
  );
  await context.addInitScript({
    content: walletInitScript({
      binding,
      emitter,
      info: {
        uuid: crypto.randomUUID(),
        name: opts.name ?? "Quanta Test Wallet",
        icon: ICON,
        rdns: opts.rdns ?? "dev.quanta.testwallet",
      },
      // With several wallets in one context (a picker test), window.ethereum is the first one.
      exposeAsEthereum: !walletContexts.has(context),
    }),
  });
  walletContexts.add(context);

  return {
    account,
    address: getAddress(account.address),
    get chainId() {
      return chainId;
    },
    get connected() {
      return connected;
    },
    requests,
    setRefuse: (value) => {
      refuse = value;
    },
    setChainId: (next) => {
      knownChains.add(next);
      return setChain(next);
    },
    disconnect,
  };
}
