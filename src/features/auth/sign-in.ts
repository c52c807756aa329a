import { t } from "@lingui/core/macro";
import { ApiError } from "../../api/errors";
import { loadDemoWalletKey, saveDemoWalletKey } from "../../db/wallet-keys";
import { EmptyProfileError, finishWalletSignIn, requestSignInNonce } from "../../sync/account";
import {
  buildSignInMessage,
  createWallets,
  UnsupportedChainError,
  WalletRejectedError,
  type Wallets,
} from "../../wallet";

export type { WalletChoice, Wallets } from "../../wallet";

/**
 * The wallet sign-in: connect, ask the server for a nonce, sign an EIP-4361 message, trade it
 * for a token, check the profile. This module pulls in the wallet libraries, so the login screen
 * imports it dynamically and no other screen ever loads them.
 */

let opened: { demo: boolean; wallets: Promise<Wallets> } | null = null;

/** The page's wallets, set up once (wagmi listens for EIP-6963 announcements from then on). */
export function openWallets(demo: boolean): Promise<Wallets> {
  if (opened === null || opened.demo !== demo) {
    const wallets = createWallets({
      origin: location.origin,
      demoKeys: demo ? { load: loadDemoWalletKey, save: saveDemoWalletKey } : null,
      walletConnectProjectId: import.meta.env.VITE_WC_PROJECT_ID || null,
    });
    opened = { demo, wallets };
    // A failed setup (e.g. IndexedDB blocked) may work on the next try.
    wallets.catch(() => {
      if (opened?.wallets === wallets) opened = null;
    });
  }
  return opened.wallets;
}

/**
 * Signs in with the chosen wallet. Any failure — a closed prompt, a refused signature, a server
 * error — disconnects the wallet again: the app is never connected but signed out.
 */
export async function signInWithWallet(
  wallets: Wallets,
  walletId: string,
  inviteCode: string | undefined,
): Promise<void> {
  try {
    const { address, chainId } = await wallets.connect(walletId);
    const nonce = await requestSignInNonce(address);
    const message = buildSignInMessage({
      address,
      chainId,
      nonce,
      host: location.host,
      origin: location.origin,
    });
    const signature = await wallets.sign(message);
    await finishWalletSignIn({ message, signature, ...(inviteCode ? { inviteCode } : {}) });
  } catch (error) {
    await wallets.disconnect();
    throw error;
  }
}

/** What to tell the user about a failed sign-in; null when the transport already said it. */
export function describeSignInFailure(error: unknown): string | null {
  if (error instanceof WalletRejectedError) {
    return t`The request was cancelled in your wallet. You are not signed in.`;
  }
  if (error instanceof UnsupportedChainError) {
    return t`Switch your wallet to the Ethereum network and try again.`;
  }
  if (error instanceof EmptyProfileError) return t`Verification failed, please Login again.`;
  if (error instanceof ApiError) return null;
  return t`Signing in failed. Please try again.`;
}
