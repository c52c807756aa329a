// The hot wallet: the one account the server sends USDT from (withdrawals; in demo also the
// faucet). Every send goes through one serial queue per wallet, so two sends never pick the same
// nonce, and each send is sign → `beforeBroadcast` (the caller stores the signed bytes) →
// broadcast: after a crash the stored bytes are sent again (same hash), never a second transfer.
import {
  BaseError,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  ExecutionRevertedError,
  http,
  keccak256,
  NonceTooLowError,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { SecretKey } from "./chain-config";

/** A signed ERC20 transfer, as a caller stores it before it is broadcast. */
export interface SignedTransfer {
  hash: Hex;
  /** The serialized signed transaction (eth_sendRawTransaction's parameter). */
  raw: Hex;
  nonce: number;
  chainId: number;
  from: Address;
}

export interface TransferRequest {
  to: Address;
  /** Token units (USDT: 6 decimals). */
  units: bigint;
  /**
   * The lowest nonce to use: one past the caller's own signed-but-unfinished sends, which the
   * node may not know yet (stored before a crash, not yet rebroadcast).
   */
  minNonce?: number;
  /**
   * Runs after signing and before broadcasting; it must durably store `signed` (commit). If it
   * throws, nothing is broadcast and the nonce stays free.
   */
  beforeBroadcast?: (signed: SignedTransfer) => Promise<void>;
}

export interface HotWallet {
  readonly address: Address;
  readonly chainId: number;
  /** The token it sends (USDT; demo: Test USDT). */
  readonly token: Address;
  /** Signs and broadcasts a token transfer (not awaited to inclusion). */
  transfer(request: TransferRequest): Promise<SignedTransfer>;
  /**
   * Sends stored bytes again. A node that already has them (pending or mined) is fine; throws
   * NonceSpentError when their nonce was used by another transaction and these bytes are unknown.
   */
  rebroadcast(raw: Hex): Promise<Hex>;
  /** Sends the chain's own coin (demo faucet: ETH for gas), in the same nonce order. */
  sendNative(to: Address, wei: bigint): Promise<Hex>;
}

/** The node would revert the transfer (e.g. the hot wallet holds less than `units`). */
export class TransferRevertedError extends Error {
  constructor(readonly detail: string) {
    super(`the transfer would revert: ${detail}`);
    this.name = "TransferRevertedError";
  }
}

/** Stored bytes whose nonce another transaction took: they can never be mined. */
export class NonceSpentError extends Error {
  constructor(readonly hash: Hex) {
    super(`the nonce of ${hash} was used by another transaction`);
    this.name = "NonceSpentError";
  }
}

export interface HotWalletOptions {
  account: Account;
  chain: Chain;
  rpcUrl: string;
  token: Address;
  publicClient: PublicClient;
}

export function createHotWallet(options: HotWalletOptions): HotWallet {
  const { account, chain, token, publicClient } = options;
  const wallet = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
  // The next nonce this process has handed out. The node's pending count is not enough alone: a
  // stored transfer whose broadcast failed holds its nonce although the node never saw it.
  let nextNonce = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const broadcast = async (raw: Hex): Promise<Hex> => {
    const hash = keccak256(raw);
    try {
      return await wallet.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      // "already known" and "nonce too low" both arrive as NonceTooLowError: fine when the
      // node has these very bytes (pending or mined); otherwise another transaction took the nonce.
      if (!(err instanceof BaseError && err.walk((e) => e instanceof NonceTooLowError))) throw err;
      if (await knows(publicClient, hash)) return hash;
      throw new NonceSpentError(hash);
    }
  };

  return {
    address: account.address,
    chainId: chain.id,
    token,
    transfer: (request) =>
      serial(async () => {
        const pending = await publicClient.getTransactionCount({
          address: account.address,
          blockTag: "pending",
        });
        const nonce = Math.max(pending, nextNonce, request.minNonce ?? 0);
        const data = encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [request.to, request.units],
        });
        const prepared = await prepare(() =>
          wallet.prepareTransactionRequest({ to: token, data, nonce, chain }),
        );
        const raw = await wallet.signTransaction(prepared);
        const signed: SignedTransfer = {
          hash: keccak256(raw),
          raw,
          nonce,
          chainId: chain.id,
          from: account.address,
        };
        if (request.beforeBroadcast) {
          await request.beforeBroadcast(signed);
          // Stored: the nonce is taken even if this broadcast fails (the bytes go out again).
          nextNonce = nonce + 1;
          await broadcast(raw);
        } else {
          await broadcast(raw);
          nextNonce = nonce + 1;
        }
        return signed;
      }),
    rebroadcast: (raw) => serial(() => broadcast(raw)),
    sendNative: (to, wei) =>
      serial(async () => {
        const pending = await publicClient.getTransactionCount({
          address: account.address,
          blockTag: "pending",
        });
        const nonce = Math.max(pending, nextNonce);
        const prepared = await wallet.prepareTransactionRequest({ to, value: wei, nonce, chain });
        const hash = await broadcast(await wallet.signTransaction(prepared));
        nextNonce = nonce + 1;
        return hash;
      }),
  };
}

/** Production: the hot wallet HOT_WALLET_KEY names, on the configured chain. */
export function productionHotWallet(options: {
  key: SecretKey;
  chainId: number;
  rpcUrl: string;
  token: Address;
  publicClient: PublicClient;
}): HotWallet {
  const chain = defineChain({
    id: options.chainId,
    name: `chain ${options.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  return createHotWallet({ ...options, account: privateKeyToAccount(options.key.reveal()), chain });
}

/** Whether the node has the transaction (in its pool or mined). */
async function knows(client: PublicClient, hash: Hex): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch {
    return false;
  }
}

/** Gas estimation runs the transfer: a revert there means it would revert on chain too. */
async function prepare<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BaseError && err.walk((e) => e instanceof ExecutionRevertedError)) {
      throw new TransferRevertedError(err.shortMessage);
    }
    throw err;
  }
}
