// Real Sign-In with Ethereum for server tests: fixed test keys (anvil's well-known accounts, never
// funded anywhere real), messages built with viem's createSiweMessage, signatures from the key.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import { API_BASE } from "../../../protocol/paths";
import type { Queryable } from "../../../server/db/db";

export const ALICE = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
);
export const BOB = privateKeyToAccount(
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88a7272d8f4d52d7bbdaf5d",
);
export const CAROL = privateKeyToAccount(
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9df9aca4ab7ea",
);

let lastIp = 0;
/**
 * A client address of its own for each request: the per-address limits on /auth (30 a minute)
 * are tested on purpose in one place and must not trip every suite that signs in a lot.
 */
export function freshIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export async function checkAddress(
  app: FastifyInstance,
  address: string,
): Promise<{ nonce: string; registered: boolean }> {
  const response = await app.inject({
    method: "POST",
    url: `${API_BASE}/auth/check/${address}`,
    remoteAddress: freshIp(),
  });
  if (response.statusCode !== 200) throw new Error(`check failed: ${response.body}`);
  return (response.json() as { Data: { nonce: string; registered: boolean } }).Data;
}

export interface SignedMessage {
  message: string;
  signature: `0x${string}`;
}

/** A message as the app builds it (src/wallet/siwe.ts), with `fields` overriding any part. */
export async function signMessage(
  account: PrivateKeyAccount,
  fields: Partial<SiweMessage> & { nonce: string },
  signer: PrivateKeyAccount = account,
): Promise<SignedMessage> {
  const message = createSiweMessage({
    domain: "localhost",
    address: account.address,
    statement: "Sign in to Quanta. This signature costs nothing and sends no transaction.",
    uri: "http://localhost",
    version: "1",
    chainId: 31337,
    issuedAt: new Date(),
    ...fields,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

export function signIn(
  app: FastifyInstance,
  body: SignedMessage & { inviteCode?: string | null },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `${API_BASE}/auth/signin-wallet`,
    payload: body,
    remoteAddress: freshIp(),
  });
}

/** Check, sign, sign in: the token, or throws with the answer. */
export async function signInAs(
  app: FastifyInstance,
  account: PrivateKeyAccount,
  inviteCode?: string,
): Promise<string> {
  const { nonce } = await checkAddress(app, account.address);
  const response = await signIn(app, { ...(await signMessage(account, { nonce })), inviteCode });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return (response.json() as { Data: string }).Data;
}

export async function rowCounts(db: Queryable): Promise<{ users: number; sessions: number }> {
  const [row] = await db.query<{ users: number; sessions: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM sessions) AS sessions`,
  );
  return row ?? { users: -1, sessions: -1 };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
