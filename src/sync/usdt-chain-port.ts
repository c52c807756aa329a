// The chain as the sync layer needs it (the /my wallet balance, "send from my wallet", the
// withdrawal address check), without viem: src/wallet/usdt-chain.ts implements it, and the app's
// wiring (features/shell/wire-app.ts) provides it as a loader, so viem's chunk stays out of the
// entry and loads on first use — or fails to, offline, which callers treat as "not available".

/** An EIP-1193 provider (window.ethereum): only the request method is used. */
export interface InjectedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** How the app reaches the chain: the server's JSON-RPC relay (demo) or an injected wallet. */
export type ChainAccess =
  { kind: "relay"; url: string } | { kind: "injected"; provider: InjectedProvider };

export interface BalanceQuery {
  access: ChainAccess;
  chainId: number;
  token: string;
  owner: string;
}

export interface TransferRequest {
  access: ChainAccess;
  /** Demo key (0x + 64 hex) for the relay; unused with an injected wallet (it signs itself). */
  privateKey: string | null;
  chainId: number;
  token: string;
  to: string;
  /** Decimal USDT string. */
  amount: string;
}

type ErrorClass = abstract new (...args: never[]) => Error;

export interface UsdtChain {
  /** The checksummed (EIP-55) form of an address, or null when it is not one. */
  checksumAddress(value: string): string | null;
  /** The chain id an injected wallet is on right now. */
  injectedChainId(provider: InjectedProvider): Promise<number>;
  /** balanceOf(owner) on the token, as a decimal string with 6 decimals. */
  readUsdtBalance(query: BalanceQuery): Promise<string>;
  /** Sends transfer(to, amount) on the token; answers the transaction hash once it is mined. */
  sendUsdtTransfer(request: TransferRequest): Promise<string>;
  /** The address a private key signs for. */
  addressOfKey(privateKey: string): string;
  /** The transfer was mined but reverted. */
  TransferRevertedError: ErrorClass;
  /** The wallet holds less USDT than the transfer sends. */
  InsufficientUsdtError: ErrorClass;
  /** The wallet has no ETH for the network fee. */
  NoGasError: ErrorClass;
  /** The injected wallet is on another chain than the deposit address. */
  WrongChainError: ErrorClass;
}

let load: (() => Promise<UsdtChain>) | null = null;

/** The app's wiring hands over how to load the chain implementation. */
export function provideUsdtChain(loader: () => Promise<UsdtChain>): void {
  load = loader;
}

/** The chain implementation; rejects when it cannot load (offline before it was ever fetched). */
export function loadUsdtChain(): Promise<UsdtChain> {
  if (load === null) return Promise.reject(new Error("No chain access was provided."));
  return load();
}
