// The signed-in wallet's Test USDT balance on chain, for /my: read after each account pull (at
// most every 30 s) and stored with the time it was read. Demo reads through the server's relay;
// production only through an injected wallet that is on the deposit chain — otherwise the balance
// stays unknown, with the reason. The app never computes or guesses this number.
import { RPC_PATH } from "../../protocol";
import { apiOrigin } from "../api/client";
import { readWalletOwner, readWalletInfo, saveWalletInfo } from "../db/wallet-data";
import type { WalletBalanceGap } from "../db/wallet-rows";
import { readSyncValue, SYNC_KEYS } from "../db/sync-state";
import {
  loadUsdtChain,
  type ChainAccess,
  type InjectedProvider,
  type UsdtChain,
} from "./usdt-chain-port";

/** At most one chain read per this interval, however often the account is pulled. */
export const BALANCE_MIN_INTERVAL_MS = 30_000;

/** window.ethereum, when a wallet injected one. */
export function injectedProvider(): InjectedProvider | null {
  if (typeof window === "undefined") return null;
  const provider = (window as { ethereum?: unknown }).ethereum;
  return typeof provider === "object" && provider !== null && "request" in provider
    ? (provider as InjectedProvider)
    : null;
}

/** Whether the server said it runs in demo mode (GET /system/system, stored by the public pull). */
export async function isDemoMode(): Promise<boolean> {
  const facts = await readSyncValue(SYNC_KEYS.systemFacts);
  return typeof facts === "object" && facts !== null && "mode" in facts && facts.mode === "demo";
}

/** The server's JSON-RPC relay to the dev chain (demo only). */
export function relayAccess(): ChainAccess {
  return { kind: "relay", url: `${apiOrigin()}${RPC_PATH}` };
}

const inFlight = new Map<string, Promise<void>>();

/**
 * The wallet's balance has just changed on chain (a faucet send, a transfer from the wallet): the
 * next read must not wait out the interval, even if this page is gone by then.
 */
export async function markWalletBalanceStale(userId: string): Promise<void> {
  await saveWalletInfo(userId, { balanceTriedAt: null });
}

/**
 * Reads and stores the balance unless one was tried less than BALANCE_MIN_INTERVAL_MS ago
 * (`force` skips that wait). Never throws: a failed read is stored as a gap, keeping the last
 * good balance with its own time.
 */
export function refreshWalletBalance(
  userId: string,
  opts: { force?: boolean; now?: () => number; loadChain?: () => Promise<UsdtChain> } = {},
): Promise<void> {
  const running = inFlight.get(userId);
  if (running !== undefined) return running;
  const load = opts.loadChain ?? loadUsdtChain;
  const task = readAndStore(userId, opts.force ?? false, opts.now ?? Date.now, load)
    .catch(() => undefined)
    .finally(() => inFlight.delete(userId));
  inFlight.set(userId, task);
  return task;
}

async function readAndStore(
  userId: string,
  force: boolean,
  now: () => number,
  loadChain: () => Promise<UsdtChain>,
): Promise<void> {
  const info = await readWalletInfo(userId);
  const triedAt = info?.balanceTriedAt ?? null;
  if (!force && triedAt !== null && now() - triedAt < BALANCE_MIN_INTERVAL_MS) return;
  const gap = (balanceGap: WalletBalanceGap) =>
    saveWalletInfo(userId, { balanceGap, balanceTriedAt: now() });

  const owner = await readWalletOwner(userId);
  if (owner === null) return void (await gap("no-address"));
  const deposit = info?.deposit ?? null;
  if (deposit === null) return void (await gap("no-deposit-info"));

  let access: ChainAccess;
  // viem's chunk is online-only (never precached, vite.config.ts): offline before it was ever
  // loaded, the balance is "not available offline" and the rest of /my still renders.
  const chain = await loadChain().catch(() => null);
  if (chain === null) return void (await gap("offline"));
  if (await isDemoMode()) access = relayAccess();
  else {
    const provider = injectedProvider();
    if (provider === null) return void (await gap("no-provider"));
    const onChain = await chain.injectedChainId(provider).catch(() => null);
    if (onChain !== deposit.chainId) return void (await gap("wrong-chain"));
    access = { kind: "injected", provider };
  }
  try {
    const balance = await chain.readUsdtBalance({
      access,
      chainId: deposit.chainId,
      token: deposit.token,
      owner,
    });
    await saveWalletInfo(userId, {
      balance: {
        address: owner,
        chainId: deposit.chainId,
        token: deposit.token,
        balance,
        readAt: new Date(now()).toISOString(),
      },
      balanceGap: null,
      balanceTriedAt: now(),
    });
  } catch {
    await gap("unreachable");
  }
}
