// Reads for the operator console (issue 22), over the same client the deposit checks use
// (ChainEndpoint.publicClient): the platform's balances at one block, and one transaction looked
// up. Only reads. A node that fails or takes longer than READ_TIMEOUT_MS is `unreachable`, an
// answer and not an error, so the console still loads; the node's error text is logged by the
// caller, never answered (a production provider URL carries its key).
import {
  erc20Abi,
  formatUnits,
  getAddress,
  isAddressEqual,
  parseEventLogs,
  TransactionNotFoundError,
  type Address,
  type Hex,
} from "viem";
import {
  DEPOSIT_ADDRESS_READ_LIMIT,
  type AddressBalance,
  type AdminChainTransaction,
  type ChainBalances,
} from "../../protocol/admin-chain";
import { USDT_SCALE } from "../../protocol/assets";
import type { ChainEndpoint } from "./chain-endpoint";

/** Longer than a healthy node ever needs for these few reads; short enough for a dashboard. */
export const READ_TIMEOUT_MS = 5_000;
const ETH_DECIMALS = 18;

export interface ChainReadOptions {
  /** The hot wallet's address, when one is configured. */
  hotWallet?: Address;
  timeoutMs?: number;
  /** Told why a read failed (for the server log). */
  onError?: (err: unknown) => void;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the chain within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function guarded<T>(
  work: () => Promise<T>,
  options: ChainReadOptions,
): Promise<T | { state: "unreachable" }> {
  try {
    return await withTimeout(work(), options.timeoutMs ?? READ_TIMEOUT_MS);
  } catch (err) {
    options.onError?.(err);
    return { state: "unreachable" };
  }
}

/** The platform's deposit addresses: one, shared by every user (server/chain/README.md). */
export function depositAddressesOf(chain: ChainEndpoint): Address[] {
  return [chain.depositAddress];
}

/**
 * The hot wallet's USDT and ETH and the deposit addresses' USDT, all at the same block (the head
 * when the read starts), so the numbers add up with each other. At most
 * DEPOSIT_ADDRESS_READ_LIMIT deposit addresses are read.
 */
export async function readPlatformBalances(
  chain: ChainEndpoint,
  options: ChainReadOptions = {},
): Promise<ChainBalances> {
  return guarded(async () => {
    const client = chain.publicClient;
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const usdtOf = async (address: Address): Promise<bigint> =>
      client.readContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address],
        blockNumber,
      });
    const all = depositAddressesOf(chain);
    const read = all.slice(0, DEPOSIT_ADDRESS_READ_LIMIT);
    const hot = options.hotWallet;
    const [deposits, hotUsdt, hotEth] = await Promise.all([
      Promise.all(read.map(async (address) => ({ address, units: await usdtOf(address) }))),
      hot === undefined ? null : usdtOf(hot),
      hot === undefined ? null : client.getBalance({ address: hot, blockNumber }),
    ]);
    const largest: AddressBalance[] = deposits
      .sort((a, b) => (a.units === b.units ? 0 : a.units > b.units ? -1 : 1))
      .map((d) => ({ address: d.address, usdt: formatUnits(d.units, USDT_SCALE) }));
    const total = deposits.reduce((sum, d) => sum + d.units, 0n);
    return {
      state: "read" as const,
      chainId: chain.chainId,
      blockNumber: blockNumber.toString(),
      token: chain.token,
      hotWallet:
        hot === undefined || hotUsdt === null || hotEth === null
          ? null
          : {
              address: hot,
              usdt: formatUnits(hotUsdt, USDT_SCALE),
              eth: formatUnits(hotEth, ETH_DECIMALS),
            },
      deposits: { count: all.length, total: formatUnits(total, USDT_SCALE), largest },
    };
  }, options);
}

/**
 * One transaction as the chain has it: not found, pending, or mined with its status,
 * confirmations, sender, recipient and the USDT Transfer logs to a deposit address.
 */
export async function lookUpTransaction(
  chain: ChainEndpoint,
  hash: Hex,
  options: ChainReadOptions = {},
): Promise<AdminChainTransaction> {
  return guarded(async () => {
    const client = chain.publicClient;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const common = { chainId: chain.chainId, blockNumber: head.toString() };
    let tx;
    try {
      tx = await client.getTransaction({ hash });
    } catch (err) {
      if (err instanceof TransactionNotFoundError)
        return { state: "not-found" as const, ...common };
      throw err;
    }
    const base = {
      ...common,
      confirmationsRequired: chain.confirmations,
      from: getAddress(tx.from),
      to: tx.to ? getAddress(tx.to) : null,
    };
    if (tx.blockNumber === null) {
      return { state: "pending" as const, ...base, minedIn: null, confirmations: 0, transfers: [] };
    }
    const receipt = await client.getTransactionReceipt({ hash });
    const deposits = depositAddressesOf(chain);
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs })
      .filter(
        (log) =>
          isAddressEqual(log.address, chain.token) &&
          deposits.some((address) => isAddressEqual(address, log.args.to)),
      )
      .map((log) => ({
        logIndex: log.logIndex,
        from: getAddress(log.args.from),
        to: getAddress(log.args.to),
        usdt: formatUnits(log.args.value, USDT_SCALE),
      }));
    // A head read before a block that just came in can trail it by one: never below 1 once mined.
    const confirmations = head >= receipt.blockNumber ? Number(head - receipt.blockNumber + 1n) : 1;
    return {
      state: receipt.status === "success" ? ("success" as const) : ("reverted" as const),
      ...base,
      minedIn: receipt.blockNumber.toString(),
      confirmations,
      transfers,
    };
  }, options);
}
