// POST /wallet/withdraw, GET /wallet/withdraw and GET /wallet/withdraw/config (API.md): a user
// asks for USDT to leave the platform. The amount plus the flat fee is frozen (bill 201) in the
// same transaction as the withdrawal row and its change-log entry, so a refused request — bad
// input, below the minimum, another address without a verified identity, not enough available —
// changes nothing at all.
import { getAddress, isAddressEqual, zeroAddress, type Address } from "viem";
import { SEED_MESSAGES } from "../../../protocol/envelope";
import type { ListPage } from "../../../protocol/list";
import type { RefusalParams } from "../../../protocol/refusals";
import {
  WITHDRAW_FEE,
  WITHDRAW_IDENTITY_RULE,
  WITHDRAW_MAX_AMOUNT,
  WITHDRAW_MIN_AMOUNT,
  type Withdrawal,
  type WithdrawConfig,
} from "../../../protocol/wallet";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import type { Db, Queryable } from "../../db/db";
import { latestIdentityStatus } from "../../db/repositories/identity-repository";
import {
  insertWithdrawal,
  listUserWithdrawals,
  nextWithdrawalId,
} from "../../db/repositories/withdrawal-repository";
import { DomainError, invalid, refusal } from "../errors";
import { userScope, withIdempotency } from "../idempotency/with-idempotency";
import { formatUnits } from "../../../protocol/decimal";
import { parseAmount } from "../ledger/amounts";
import { ASSET_SCALES } from "../../../protocol/assets";
import { freeze } from "../ledger/operations";
import { toPage } from "../operators/list-page";
import { recordWithdrawal, toWithdrawal } from "./withdrawal-view";

export const WITHDRAW_ROUTE = "POST /wallet/withdraw";
const SCALE = ASSET_SCALES.USDT;
export const WITHDRAW_FEE_UNITS = parseAmount(WITHDRAW_FEE, SCALE, "fee");
const MIN_UNITS = parseAmount(WITHDRAW_MIN_AMOUNT, SCALE, "minAmount");
const MAX_UNITS = parseAmount(WITHDRAW_MAX_AMOUNT, SCALE, "maxAmount");

export function withdrawConfig(endpoint: ChainEndpoint | undefined): WithdrawConfig {
  return {
    fee: WITHDRAW_FEE,
    minAmount: WITHDRAW_MIN_AMOUNT,
    maxAmount: WITHDRAW_MAX_AMOUNT,
    chainId: endpoint?.chainId ?? null,
    network: "ERC20",
  };
}

export interface WithdrawCommand {
  userId: string;
  /** The address the user signed in with (null for a password account). */
  ownAddress: string | null;
  amount: unknown;
  address: unknown;
  idempotencyKey: string;
  /** The platform's own chain addresses (platformDestinations): never a destination. */
  platform: PlatformDestinations;
}

/** Addresses a withdrawal must not go to: the USDT would be lost or come back to the platform. */
export interface PlatformDestinations {
  token?: Address | undefined;
  depositAddress?: Address | undefined;
  hotWallet?: Address | undefined;
  /** Demo: every key of the dev chain's platform (its deployer too). */
  others?: readonly Address[] | undefined;
}

export async function requestWithdrawal(db: Db, command: WithdrawCommand): Promise<Withdrawal> {
  const units = withdrawalAmount(command.amount);
  const address = destination(command.address);
  refusePlatformDestination(address, command.platform);
  const { userId } = command;
  await checkIdentityRule(db, userId, command.ownAddress, address);
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: WITHDRAW_ROUTE,
      key: command.idempotencyKey,
      // Normalised: "10" and "10.0", or an address in lower case and checksummed, are one request.
      body: { amount: formatUnits(units, SCALE), address },
    },
    async (tx) => {
      const id = await nextWithdrawalId(tx);
      // Throws InsufficientBalanceError (422, the seed's message) before writing anything.
      const frozen = await freeze(tx, {
        kind: "withdrawal",
        reference: `withdrawal ${id}`,
        ref: { kind: "withdrawal", id },
        userId,
        asset: "USDT",
        amount: units + WITHDRAW_FEE_UNITS,
        billType: 201,
      });
      if (frozen.reservationId === null) throw new Error("a freeze opened no reservation");
      await insertWithdrawal(tx, {
        id,
        userId,
        amount: units,
        fee: WITHDRAW_FEE_UNITS,
        address,
        reservationId: frozen.reservationId,
      });
      return { statusCode: 200, data: await recordWithdrawal(tx, id) };
    },
  );
  return answer.data;
}

export async function listWithdrawals(
  db: Queryable,
  userId: string,
  q: { cursor: string | null; limit: number },
): Promise<ListPage<Withdrawal>> {
  const rows = await listUserWithdrawals(db, { userId, before: q.cursor, limit: q.limit + 1 });
  return toPage(rows, q.limit, toWithdrawal);
}

/**
 * The identity rule: to the user's own signed-in wallet always; to any other address only once
 * their identity verification passed (their latest submission is approved, as profile.verified).
 */
async function checkIdentityRule(
  db: Queryable,
  userId: string,
  ownAddress: string | null,
  to: Address,
): Promise<void> {
  if (ownAddress !== null && ownAddress.toLowerCase() === to.toLowerCase()) return;
  if ((await latestIdentityStatus(db, userId)) === 1) return;
  throw refusal("IDENTITY_REQUIRED", WITHDRAW_IDENTITY_RULE);
}

function withdrawalAmount(value: unknown): bigint {
  if (value === undefined || value === null || value === "") {
    throw invalid("amount", "required", SEED_MESSAGES.enterAmount);
  }
  const units = parseAmount(value, SCALE, "amount");
  if (units < MIN_UNITS) {
    throw new DomainError(
      "BELOW_MINIMUM",
      { asset: "USDT", minimum: WITHDRAW_MIN_AMOUNT },
      SEED_MESSAGES.belowMinimum,
    );
  }
  if (units > MAX_UNITS) {
    throw invalid(
      "amount",
      "maximum-amount",
      `Not more than the maximum amount: one withdrawal may send at most ${WITHDRAW_MAX_AMOUNT} USDT`,
      WITHDRAW_MAX_AMOUNT,
    );
  }
  return units;
}

const HEX_ADDRESS = /^0x([0-9a-fA-F]{40})$/;

/**
 * The destination, EIP-55 checksummed. All-lower or all-upper case carries no checksum and is
 * accepted; mixed case is a checksum, and a wrong one (a typo) is refused rather than "fixed".
 */
function destination(value: unknown): Address {
  if (value === undefined || value === null || value === "") {
    throw invalid("address", "required", "Please enter the address to withdraw to");
  }
  const hex = typeof value === "string" ? HEX_ADDRESS.exec(value)?.[1] : undefined;
  if (hex === undefined) {
    throw invalid(
      "address",
      "format",
      'Invalid body: "address" must be an Ethereum address: 0x followed by 40 hex characters',
    );
  }
  const checksummed = getAddress(`0x${hex.toLowerCase()}`);
  const uncased = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!uncased && checksummed !== value) {
    throw invalid(
      "address",
      "checksum",
      'Invalid body: "address" fails its EIP-55 checksum; check it for a typo',
    );
  }
  return checksummed;
}

type Destination = RefusalParams<"DESTINATION_NOT_ALLOWED">["destination"];

function refusePlatformDestination(address: Address, platform: PlatformDestinations): void {
  const refuse = (destination: Destination, why: string): never => {
    throw new DomainError(
      "DESTINATION_NOT_ALLOWED",
      { destination },
      `You cannot withdraw to ${why}`,
    );
  };
  const is = (other: Address | undefined) => other !== undefined && isAddressEqual(other, address);
  if (is(zeroAddress)) refuse("zero-address", "the zero address: USDT sent there is lost for good");
  if (is(platform.token)) {
    refuse("token-contract", "the USDT contract itself: tokens sent to it are lost for good");
  }
  if (is(platform.depositAddress) || is(platform.hotWallet) || platform.others?.some(is)) {
    refuse(
      "platform",
      "the platform's own deposit or hot-wallet address: the USDT would only loop back",
    );
  }
}
