import { getAddress, type Address } from "viem";
import type { Eip1193Provider } from "./eip6963";

/** EIP-1193 code for "the user rejected the request". */
export const USER_REJECTED = 4001;

export class WalletRejectedError extends Error {
  override name = "WalletRejectedError";
}

/** Asks the wallet for its account; a refusal is a WalletRejectedError, never a half-connection. */
export async function requestAccount(provider: Eip1193Provider): Promise<Address> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: "eth_requestAccounts" });
  } catch (error) {
    if ((error as { code?: unknown }).code === USER_REJECTED) {
      throw new WalletRejectedError("The wallet request was rejected.");
    }
    throw error;
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== "string") throw new Error("The wallet returned no account.");
  return getAddress(first);
}
