// What the wallet screens call: a recharge (amount + voucher screenshot + optional tx hash) and a
// withdrawal request through the outbox, the address check, "send from my wallet" and the /my
// balance refresh. The chain (viem, behind usdt-chain-port.ts) is loaded only when one of them runs.
import type { DepositInfo } from "../../protocol/chain";
import { isAddressShape, isTxHash, isUsdtAmount, sameAddress } from "../lib/wallet-text";
import { getSessionUserId } from "../db/session";
import { loadDemoWalletKey } from "../db/wallet-keys";
import { readWalletOwner } from "../db/wallet-data";
import { requestFaucet } from "../api/wallet";
import { enqueue, signedInUser } from "./commands";
import { loadUsdtChain, type TransferRequest } from "./usdt-chain-port";
import {
  injectedProvider,
  isDemoMode,
  markWalletBalanceStale,
  refreshWalletBalance,
  relayAccess,
} from "./wallet-balance";

/** The form is incomplete or malformed (screens validate first; this is the last guard). */
export class InvalidWalletRequestError extends Error {
  override name = "InvalidWalletRequestError";
}

export interface RechargeForm {
  /** Decimal USDT string. */
  amount: string;
  /** The compressed voucher screenshot. */
  voucher: Blob;
  txHash: string | null;
}

/**
 * Saves the recharge in the outbox with its voucher (kept in IndexedDB until it was uploaded and
 * the recharge went through, so it survives reloads and going offline); answers the entry's id.
 */
export async function submitRecharge(form: RechargeForm): Promise<string> {
  const userId = signedInUser();
  const txHash = form.txHash === null || form.txHash.trim() === "" ? null : form.txHash.trim();
  const valid =
    isUsdtAmount(form.amount) &&
    form.voucher instanceof Blob &&
    form.voucher.size > 0 &&
    (txHash === null || isTxHash(txHash));
  if (!valid) throw new InvalidWalletRequestError("The recharge form is incomplete.");
  return enqueue(userId, "wallet.recharge", {
    amount: form.amount,
    txHash: txHash === null ? null : txHash.toLowerCase(),
    voucher: form.voucher,
    uploadId: null,
  });
}

/**
 * The EIP-55 form of a destination address, or null when it is not a valid address (including a
 * mixed-case one whose checksum does not match: a mistyped character). Without viem (offline, never
 * loaded) a well-shaped address is answered as typed and the server checks its checksum.
 */
export async function checkWithdrawalAddress(address: string): Promise<string | null> {
  const value = address.trim();
  if (!isAddressShape(value)) return null;
  let checksum: (address: string) => string | null;
  try {
    checksum = (await loadUsdtChain()).checksumAddress;
  } catch {
    // Offline before viem was ever loaded (it is not precached): the server checks the checksum.
    return value;
  }
  return checksum(value);
}

/** Saves the withdrawal request in the outbox (address checksummed); answers the entry's id. */
export async function requestWithdrawal(form: {
  amount: string;
  address: string;
}): Promise<string> {
  const userId = signedInUser();
  const address = await checkWithdrawalAddress(form.address);
  if (!isUsdtAmount(form.amount) || address === null) {
    throw new InvalidWalletRequestError("The withdrawal form is incomplete.");
  }
  return enqueue(userId, "wallet.withdraw", { amount: form.amount, address });
}

export type WalletSendFailure =
  "no-wallet" | "wrong-chain" | "rejected" | "no-gas" | "insufficient-usdt" | "reverted" | "failed";

/** Sending from the wallet did not work; `kind` says why (the screen translates it). */
export class WalletSendError extends Error {
  override name = "WalletSendError";
  constructor(
    readonly kind: WalletSendFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Whether a browser wallet injected window.ethereum. */
export function hasInjectedWallet(): boolean {
  return injectedProvider() !== null;
}

/** A wallet refusal (EIP-1193 code 4001) somewhere in viem's chain of causes. */
function isUserRejection(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === 4001 || e.name === "UserRejectedRequestError") {
      return true;
    }
  }
  return false;
}

/**
 * Sends `amount` Test USDT to the deposit address — from the demo wallet (demo mode, through the
 * relay) or else the injected wallet — and answers the transaction hash once it is mined.
 */
export async function sendUsdtFromWallet(amount: string, deposit: DepositInfo): Promise<string> {
  if (!isUsdtAmount(amount)) throw new InvalidWalletRequestError("Not a USDT amount.");
  const chain = await loadUsdtChain();
  const demoKey = (await isDemoMode()) ? await loadDemoWalletKey() : null;
  // The demo key only when it is the signed-in wallet: this device may hold one from an earlier
  // sign-in while the user is now signed in with a browser wallet.
  const owner = await readWalletOwner(signedInUser());
  const key =
    demoKey !== null && owner !== null && sameAddress(chain.addressOfKey(demoKey), owner)
      ? demoKey
      : null;
  const provider = injectedProvider();
  const target = { chainId: deposit.chainId, token: deposit.token, to: deposit.address, amount };
  let request: TransferRequest;
  if (key !== null) request = { ...target, access: relayAccess(), privateKey: key };
  else if (provider !== null) {
    request = { ...target, access: { kind: "injected", provider }, privateKey: null };
  } else throw new WalletSendError("no-wallet", "No wallet to send from.");
  try {
    const hash = await chain.sendUsdtTransfer(request);
    await markWalletBalanceStale(signedInUser());
    return hash;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof chain.WrongChainError) throw new WalletSendError("wrong-chain", message);
    if (error instanceof chain.TransferRevertedError)
      throw new WalletSendError("reverted", message);
    if (error instanceof chain.NoGasError) throw new WalletSendError("no-gas", message);
    if (error instanceof chain.InsufficientUsdtError) {
      throw new WalletSendError("insufficient-usdt", message);
    }
    if (isUserRejection(error)) throw new WalletSendError("rejected", message);
    throw new WalletSendError("failed", message, { cause: error });
  }
}

/** /my asks for a fresh on-chain balance (at most one read per 30 s). */
export function refreshMyWalletBalance(): Promise<void> {
  const userId = getSessionUserId();
  return userId === null ? Promise.resolve() : refreshWalletBalance(userId);
}

/** How long the dev chain takes to make a block: the balance is read again after that. */
const FAUCET_SETTLE_MS = 2_500;

/**
 * Demo only: asks the server's faucet for test USDT (online-only: it is not a ledger movement the
 * outbox could hold, and the faucet limits how often). Answers the transfer's hash; the wallet
 * balance on /my is read again once the transfer had time to be mined.
 */
export async function requestTestUsdt(): Promise<string> {
  const userId = signedInUser();
  const { txHash } = await requestFaucet(crypto.randomUUID(), { quiet: true });
  await markWalletBalanceStale(userId);
  setTimeout(() => void refreshWalletBalance(userId, { force: true }), FAUCET_SETTLE_MS);
  return txHash;
}
