import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";

/**
 * The statement every sign-in message carries. English on purpose: EIP-4361 messages are read
 * by wallets and verifiers, and the standard's examples and tooling expect English text.
 */
export const SIGN_IN_STATEMENT =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- signed text, not UI (DESIGN §7)
  "Sign in to Quanta. This signature costs nothing and sends no transaction.";

export interface SignInMessageInput {
  address: Address;
  /** The chain the wallet is on (the server accepts 31337 and 1 in demo, 1 in production). */
  chainId: number;
  /** The single-use nonce from POST /auth/check/{address}. */
  nonce: string;
  /** The page's `location.host`: the server checks it against its own host. */
  host: string;
  /** The page's `location.origin`: the server checks the uri is on its origin. */
  origin: string;
  issuedAt?: Date;
}

/** The EIP-4361 message for a Quanta sign-in: no expiry of its own, the nonce expires in 10 min. */
export function buildSignInMessage(input: SignInMessageInput): string {
  return createSiweMessage({
    domain: input.host,
    address: input.address,
    statement: SIGN_IN_STATEMENT,
    uri: input.origin,
    version: "1",
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt ?? new Date(),
  });
}
