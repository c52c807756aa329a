// POST /wallet/faucet (demo only): Test USDT and ETH for gas (FAUCET_GAS: without it the user's
// wallet could not send the USDT anywhere) from the dev chain's hot wallet to the user's wallet
// address. Idempotent per Idempotency-Key (the stored answer is the tx hash, so a retry never
// sends twice) and limited to one send per user per FAUCET_INTERVAL_SECONDS.
//
// The transfer is sent (not awaited to inclusion) inside the idempotency transaction: a send
// takes milliseconds, and the key's row must not be committed without the hash it stands for.
// The dev chain is in memory: after a server restart a replayed key answers a hash of the
// previous chain.
import { getAddress, parseUnits } from "viem";
import { FAUCET_AMOUNT, FAUCET_INTERVAL_SECONDS, type FaucetAnswer } from "../../../protocol/chain";
import type { QuantaMode } from "../../../protocol/health";
import { FAUCET_GAS, type DevChain } from "../../chain/dev-chain";
import type { Db } from "../../db/db";
import { DomainError, invalid, refusal } from "../errors";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";

export const FAUCET_ROUTE = "POST /wallet/faucet";
export const FAUCET_UNITS = parseUnits(FAUCET_AMOUNT, 6);

/**
 * Last faucet send per receiving wallet address (one per user: users.address is unique), in
 * memory like the dev chain it pays from.
 */
export class FaucetLimiter {
  readonly #last = new Map<string, number>();
  constructor(private readonly intervalMs = FAUCET_INTERVAL_SECONDS * 1000) {}

  /** Claims the user's slot or refuses (RATE_LIMITED); returns the undo for a send that failed. */
  take(address: string, now = Date.now()): () => void {
    const last = this.#last.get(address);
    if (last !== undefined && now - last < this.intervalMs) {
      const wait = Math.ceil((this.intervalMs - (now - last)) / 1000);
      throw new DomainError(
        "RATE_LIMITED",
        { retryAfterSeconds: wait },
        `The faucet sends ${FAUCET_AMOUNT} test USDT once every ${this.intervalMs / 1000} s; try again in ${wait} s`,
      );
    }
    this.#last.set(address, now);
    return () => {
      if (this.#last.get(address) === now) {
        if (last === undefined) this.#last.delete(address);
        else this.#last.set(address, last);
      }
    };
  }
}

export interface FaucetCommand {
  mode: QuantaMode;
  chain: DevChain | undefined;
  limiter: FaucetLimiter;
  userId: string;
  /** The signed-in user's wallet address (users.address), null for password-only accounts. */
  address: string | null;
  idempotencyKey: string;
}

export async function faucet(db: Db, command: FaucetCommand): Promise<FaucetAnswer> {
  if (command.mode !== "demo") {
    throw refusal("DEMO_ONLY", "The test USDT faucet exists only on a demo server");
  }
  const { chain, userId, address } = command;
  if (chain === undefined) {
    throw new DomainError(
      "UNAVAILABLE",
      { part: "chain" },
      "The dev chain is not running yet; try again shortly",
    );
  }
  if (address === null) {
    throw invalid(
      "address",
      "wallet-required",
      "This account has no wallet address to send test USDT to; sign in with a wallet",
    );
  }
  const to = getAddress(address);
  const answer = await withIdempotency(
    db,
    { scope: userScope(userId), route: FAUCET_ROUTE, key: command.idempotencyKey, body: {} },
    async () => {
      const undo = command.limiter.take(to);
      try {
        // Gas first: the user may send the USDT on as soon as it arrives. The answer names the
        // USDT transfer (FaucetAnswer); both leave the hot wallet's queue in this order.
        await chain.sendGas(to, FAUCET_GAS);
        const txHash = await chain.sendTestUsdt(to, FAUCET_UNITS);
        return { statusCode: 200, data: { txHash } };
      } catch (err) {
        undo();
        throw err;
      }
    },
  );
  return answer.data;
}
