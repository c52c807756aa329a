// POST /wallet/recharge: the user says they sent `amount` USDT (voucher screenshot attached, tx
// hash optional). With a tx hash and a chain, the server asks the chain first — outside any
// database transaction, RPC reads can be slow — and credits at once when the transfer is
// confirmed and came from the user's own wallet; otherwise the recharge waits for confirmations
// (the watcher) or for an operator. Every refusal happens before anything is written.
//
// A tx hash is public, so filing it proves nothing: the Transfer's sender decides.
// A claim of a transfer sent from another user's wallet is refused (422 NOT_YOUR_TRANSFER) and
// reserves nothing; one the chain contradicts (no such transfer, another amount, reverted) is
// refused too (422 TRANSFER_MISMATCH). Only a transfer from an address that is no user's goes to
// an operator, with every user's competing claim visible there.
import { getAddress, type Address, type Hex } from "viem";
import { DEPOSIT_MIN_AMOUNT } from "../../../protocol/chain";
import { SEED_MESSAGES } from "../../../protocol/envelope";
import type { Recharge, RechargeVerification } from "../../../protocol/wallet";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import { verifyDeposit, type DepositVerification } from "../../chain/verify-deposit";
import type { Db, Queryable } from "../../db/db";
import {
  creditedLogIndexes,
  creditedRechargeOfUser,
  insertRecharge,
  type RechargeRow,
} from "../../db/repositories/recharge-repository";
import { findUpload } from "../../db/repositories/upload-repository";
import { findUserByAddress } from "../../db/repositories/user-repository";
import { conflict, DomainError, invalid } from "../errors";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { formatUnits } from "../../../protocol/decimal";
import { parseAmount } from "../ledger/amounts";
import { ASSET_SCALES } from "../../../protocol/assets";
import { isUploadId } from "../uploads/upload-files";
import { creditRecharge } from "./recharge-credit";
import { recordRecharge, toRecharge } from "./recharge-view";

export const RECHARGE_ROUTE = "POST /wallet/recharge";
const SCALE = ASSET_SCALES.USDT;
const MIN_UNITS = parseAmount(DEPOSIT_MIN_AMOUNT, SCALE, "minimum");
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export interface RechargeCommand {
  userId: string;
  /** The user's wallet address (users.address); null for a password-only account. */
  address: string | null;
  chain: ChainEndpoint | undefined;
  body: { amount?: unknown; voucher?: unknown; txHash?: unknown };
  idempotencyKey: string;
}

interface RechargeInput {
  amount: bigint;
  voucher: string;
  txHash: Hex | null;
}

export async function submitRecharge(db: Db, command: RechargeCommand): Promise<Recharge> {
  const input = parseInput(command.body);
  const { userId } = command;
  const checked = input.txHash === null ? null : await askChain(db, command, input, input.txHash);
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: RECHARGE_ROUTE,
      key: command.idempotencyKey,
      body: {
        amount: formatUnits(input.amount, SCALE),
        voucher: input.voucher,
        txHash: input.txHash,
      },
    },
    async (tx) => ({ statusCode: 200, data: await record(tx, userId, input, checked) }),
  );
  return answer.data;
}

/**
 * What the chain said, why it was not asked (the recharge then waits for an operator), or why the
 * claim is refused — thrown inside the idempotency transaction, so a replayed key still gets the
 * answer it got first (a transfer credited since then does not turn it into a refusal).
 */
type ChainAnswer =
  | { verification: DepositVerification; chainId: number }
  | { manual: string }
  | { refused: DomainError }
  /** The deposit watcher credited this very transfer to the user already: that is the answer. */
  | { credited: RechargeRow };

async function askChain(
  db: Db,
  command: RechargeCommand,
  input: RechargeInput,
  txHash: Hex,
): Promise<ChainAnswer> {
  const { chain, address } = command;
  if (chain === undefined) {
    return {
      manual: "The server could not verify this transaction on chain; an operator checks it",
    };
  }
  if (address === null) {
    return {
      manual:
        "Your account has no wallet address to match the transfer's sender; an operator checks it",
    };
  }
  const credited = await creditedLogIndexes(db, chain.chainId, txHash);
  const sender: Address = getAddress(address);
  const verification = await verifyDeposit(chain, {
    txHash,
    amount: input.amount,
    sender,
    credited,
  });
  if (verification.kind !== "invalid") return { verification, chainId: chain.chainId };
  switch (verification.code) {
    case "unknown-tx":
      // May still be on its way from the wallet's node: the watcher gives it a grace period.
      return { verification, chainId: chain.chainId };
    case "no-transfer":
    case "reverted":
      return {
        refused: new DomainError(
          "TRANSFER_MISMATCH",
          { reason: verification.code },
          verification.reason,
        ),
      };
    case "already-credited": {
      const mine = await creditedRechargeOfUser(db, {
        chainId: chain.chainId,
        txHash,
        userId: command.userId,
        amount: input.amount,
      });
      if (mine !== null) return { credited: mine };
      return { refused: conflict("transfer-credited", verification.reason) };
    }
    case "other-sender":
      return otherSender(db, verification.from, verification.credited === true);
  }
}

/** A transfer from another wallet: refused if that wallet is a user's, else an operator's call. */
async function otherSender(
  db: Db,
  from: Address | undefined,
  credited: boolean,
): Promise<ChainAnswer> {
  if (from !== undefined && (await findUserByAddress(db, from)) !== null) {
    return {
      refused: new DomainError(
        "NOT_YOUR_TRANSFER",
        { from },
        `This transfer was sent from ${from}, another user's wallet: only the account of the wallet that sent it is credited with it`,
      ),
    };
  }
  if (credited) {
    return {
      refused: conflict("transfer-credited", "This transfer was already credited to a recharge"),
    };
  }
  return {
    manual: `The transfer was sent from ${from ?? "an unknown address"}, which is not your wallet nor any account's; an operator checks whose it is`,
  };
}

async function record(
  tx: Queryable,
  userId: string,
  input: RechargeInput,
  checked: ChainAnswer | null,
): Promise<Recharge> {
  const voucher = await findUpload(tx, input.voucher);
  if (voucher === null || voucher.user_id !== userId || voucher.purpose !== "voucher") {
    throw invalidBody("voucher", "must be the id of a voucher image you uploaded");
  }
  if (checked !== null && "refused" in checked) throw checked.refused;
  if (checked !== null && "credited" in checked) return toRecharge(checked.credited);
  const { verification, reason } = plan(checked);
  const row = await insertRecharge(tx, {
    userId,
    amount: input.amount,
    voucherUploadId: input.voucher,
    txHash: input.txHash,
    verification,
    reason,
  });
  if (row === null) {
    throw conflict(
      "tx-hash-reused",
      "You already submitted this transaction hash with another recharge",
    );
  }
  if (checked !== null && "verification" in checked && checked.verification.kind === "confirmed") {
    const { logIndex, from } = checked.verification;
    const credited = await creditRecharge(tx, row, {
      verification: "verified",
      reviewerId: null,
      transfer: { chainId: checked.chainId, logIndex, from },
    });
    // Another claim credited this transfer between our read and now: nothing is kept.
    if (credited === "already-credited") {
      throw conflict("transfer-credited", "This transfer was already credited to a recharge");
    }
    return toRecharge(credited);
  }
  await recordRecharge(tx, row);
  return toRecharge(row);
}

function plan(
  checked: Exclude<ChainAnswer, { refused: DomainError } | { credited: RechargeRow }> | null,
): {
  verification: Exclude<RechargeVerification, "verified">;
  reason: string | null;
} {
  if (checked === null) return { verification: "none", reason: null };
  if ("manual" in checked) return { verification: "manual", reason: checked.manual };
  // A confirmed one is inserted as waiting and credited in the same transaction; an unknown hash
  // (askChain refused every other invalid one) waits UNKNOWN_TX_GRACE_SECONDS in the watcher.
  return { verification: "waiting", reason: null };
}

function parseInput(body: RechargeCommand["body"]): RechargeInput {
  if (body.amount === undefined || body.amount === null || body.amount === "") {
    throw invalid("amount", "required", SEED_MESSAGES.enterAmount);
  }
  const amount = parseAmount(body.amount, SCALE, "amount");
  if (amount < MIN_UNITS) {
    throw new DomainError(
      "BELOW_MINIMUM",
      { asset: "USDT", minimum: DEPOSIT_MIN_AMOUNT },
      SEED_MESSAGES.belowMinimum,
    );
  }
  if (body.voucher === undefined || body.voucher === null || body.voucher === "") {
    throw invalid("voucher", "required", "Please upload the voucher");
  }
  const voucher = typeof body.voucher === "string" ? body.voucher.toLowerCase() : "";
  if (!isUploadId(voucher)) {
    throw invalidBody("voucher", "must be the id of a voucher image you uploaded");
  }
  const raw = body.txHash;
  if (
    raw !== undefined &&
    raw !== null &&
    raw !== "" &&
    (typeof raw !== "string" || !TX_HASH.test(raw))
  ) {
    throw invalidBody("txHash", "must be a transaction hash: 0x and 64 hex digits");
  }
  const txHash = typeof raw === "string" && raw !== "" ? (raw.toLowerCase() as Hex) : null;
  return { amount, voucher, txHash };
}

function invalidBody(field: string, detail: string): DomainError {
  return invalid(field, "format", `Invalid body: "${field}" ${detail}`);
}
