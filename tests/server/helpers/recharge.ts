// Recharge tests on a real anvil dev chain: a user's own wallet (a fresh key, users.address),
// funded with Test USDT from the hot wallet and ETH for gas, sending Test USDT to the deposit
// address; blocks mined on demand to add confirmations; the recharge API called as the app does.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import type { Recharge } from "../../../protocol/wallet";
import type { DevChain } from "../../../server/chain/dev-chain";
import type { Queryable } from "../../../server/db/db";
import { pngImage } from "./images";
import { acceptedData, postIdempotent } from "./idempotent-post";
import { createUserSession, type TestSession } from "./sessions";
import { uploadImage } from "./uploads";

export interface WalletUser extends TestSession {
  account: PrivateKeyAccount;
  voucher: string;
}

/** A signed-in user whose users.address is a fresh key's, with a voucher image uploaded. */
export async function walletUser(
  app: FastifyInstance,
  db: Queryable,
  opts: { verified?: boolean } = {},
): Promise<WalletUser> {
  const account = privateKeyToAccount(generatePrivateKey());
  const session = await createUserSession(db, { address: account.address, ...opts });
  const voucher = (await uploadImage(app, session, await pngImage(), "voucher")).id;
  return { ...session, account, voucher };
}

export function testClient(chain: DevChain) {
  return createTestClient({
    chain: { ...anvil, id: chain.chainId },
    mode: "anvil",
    transport: http(chain.rpcUrl),
  });
}

/** Test USDT from the hot wallet and 1 ETH for gas. */
export async function fundWallet(chain: DevChain, to: Address, usdt: string): Promise<void> {
  await testClient(chain).setBalance({ address: to, value: parseEther("1") });
  const hash = await chain.sendTestUsdt(to, parseUnits(usdt, 6));
  await chain.publicClient.waitForTransactionReceipt({ hash });
}

/**
 * The user sends `usdt` Test USDT to the deposit address from their own wallet and waits for
 * inclusion. With `gas` given nothing is estimated, so a transfer that must fail is mined
 * (reverted) instead of refused before sending.
 */
export async function sendToDeposit(
  chain: DevChain,
  account: PrivateKeyAccount,
  usdt: string,
  gas?: bigint,
): Promise<Hex> {
  const wallet = createWalletClient({
    account,
    chain: { ...anvil, id: chain.chainId },
    transport: http(chain.rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [chain.depositAddress, parseUnits(usdt, 6)],
    ...(gas === undefined ? {} : { gas }),
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

export async function mine(chain: DevChain, blocks: number): Promise<void> {
  await testClient(chain).mine({ blocks });
}

export function postRecharge(
  app: FastifyInstance,
  session: { token: string },
  body: Record<string, unknown>,
  key?: string | null,
): Promise<LightMyRequestResponse> {
  return postIdempotent(app, session, "wallet/recharge", body, key);
}

export function rechargeOf(response: LightMyRequestResponse): Recharge {
  return acceptedData<Recharge>(response, "recharge");
}

/** What a refused request must leave exactly as it was. */
export async function walletState(db: Queryable): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM recharges) AS recharges,
            (SELECT count(*)::int FROM credited_deposits) AS credited,
            (SELECT count(*)::int FROM ledger_transactions) AS transactions,
            (SELECT count(*)::int FROM bills) AS bills,
            (SELECT count(*)::int FROM change_log) AS changes,
            (SELECT count(*)::int FROM idempotency_keys) AS keys,
            (SELECT count(*)::int FROM audit_log) AS audits`,
  );
  if (!row) throw new Error("no state row");
  return row;
}

/** The user's recharge bills (101) with their amounts in units. */
export async function rechargeBills(
  db: Queryable,
  userId: string,
): Promise<{ amount: string; ref_id: string }[]> {
  return db.query<{ amount: string; ref_id: string }>(
    `SELECT amount::text AS amount, ref_id FROM bills WHERE user_id = $1 AND type = 101 ORDER BY id`,
    [userId],
  );
}
