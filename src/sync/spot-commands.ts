// What /spots calls: place and cancel spot orders. They are online-only commands (DESIGN §3): an
// order is priced by the market at the moment it arrives, so it is never queued in the outbox to
// go out later at another price. The server's answer is written to IndexedDB at once (the screen
// shows the order before the change log brings it), then an account pull fetches the new
// balances.
import type { SpotOrderRequest } from "../../protocol/spot";
import type { ApiError } from "../api/errors";
import { cancelOrder, placeOrder } from "../api/spot";
import { saveSpotOrderAnswer, type SpotOrderRow } from "../db/spot-data";
import { compare, isDecimalString } from "../../protocol/decimal";
import { signedInUser } from "./commands";
import { asCommandError, CommandError, sharedFailureOf } from "./command-error";
import { currentSyncEngine } from "./engine";
import { isOnline } from "./online";
import { ACCOUNT_ONLY } from "./pull-queue";

export type SpotCommandFailure =
  /** Nothing was sent: the app is offline. */
  | "offline"
  /** The request is malformed (the form validates first; this is the last guard). */
  | "invalid"
  | "insufficient-balance"
  | "below-minimum"
  /** The server refused the input (a price or number off its step, an unknown symbol, …). */
  | "validation"
  /** The server had no fresh price or book for the symbol (503 MARKET_STALE). */
  | "market-stale"
  /** The server refused a business rule: see the message. */
  | "refused"
  /** The order is not there (cancel), or no longer open. */
  | "not-found"
  | "conflict"
  | "rate-limited"
  /** No answer came: the order may or may not exist; retrying with the same key is safe. */
  | "no-answer"
  | "server";

/** Why a spot command failed (src/sync/command-error.ts). */
export class SpotCommandError extends CommandError<SpotCommandFailure> {
  override name = "SpotCommandError";
}

function failureOf(error: ApiError): SpotCommandFailure {
  switch (error.code) {
    case "INSUFFICIENT_BALANCE":
      return "insufficient-balance";
    case "BELOW_MINIMUM":
      return "below-minimum";
    case "VALIDATION":
    case "BAD_REQUEST":
      return "validation";
    case "NOT_FOUND":
      return "not-found";
    default:
      return sharedFailureOf(error) ?? (error.status === 422 ? "refused" : "server");
  }
}

const commandError = (error: unknown) =>
  asCommandError(error, failureOf, (...args) => new SpotCommandError(...args));

function positive(value: string | undefined): boolean {
  return value !== undefined && isDecimalString(value) && compare(value, "0") > 0;
}

/** One Idempotency-Key per order attempt (the confirm step makes it; a retry reuses it). */
export function newSpotOrderKey(): string {
  return crypto.randomUUID();
}

function afterMoneyMoved(): void {
  // The change log brings the order's bills; the pull's overview brings the new balances.
  void currentSyncEngine()?.requestPull(ACCOUNT_ONLY);
}

/**
 * Places an order and stores the answer. A market order answers "filled" or "rejected" (with its
 * reason), a limit order "open". Throws SpotCommandError when offline or refused.
 */
export async function placeSpotOrder(
  order: SpotOrderRequest,
  idempotencyKey: string,
): Promise<SpotOrderRow> {
  const userId = signedInUser();
  const limit = order.type === 1;
  const wellFormed =
    order.symbol !== "" &&
    (order.side === 0 || order.side === 1) &&
    (order.type === 0 || order.type === 1) &&
    positive(order.number) &&
    (limit ? positive(order.price) : order.price === undefined) &&
    idempotencyKey !== "";
  if (!wellFormed) throw new SpotCommandError("invalid", "The order is incomplete.");
  if (!isOnline()) throw new SpotCommandError("offline", "Orders need a connection.");
  let answer;
  try {
    // Quiet: the form shows the failure itself, next to the order, in the user's language.
    answer = await placeOrder(order, idempotencyKey, { quiet: true });
  } catch (error) {
    throw commandError(error);
  }
  await saveSpotOrderAnswer(userId, answer);
  afterMoneyMoved();
  return { ...answer, userId };
}

/** Cancels an open order and stores the answer (its frozen funds are returned). */
export async function cancelSpotOrder(id: string): Promise<SpotOrderRow> {
  const userId = signedInUser();
  if (id === "") throw new SpotCommandError("invalid", "An order id is required.");
  if (!isOnline()) throw new SpotCommandError("offline", "Cancelling needs a connection.");
  let answer;
  try {
    answer = await cancelOrder(id, { quiet: true });
  } catch (error) {
    // A cancel that lost the race to a fill: the next pull shows what happened.
    afterMoneyMoved();
    throw commandError(error);
  }
  await saveSpotOrderAnswer(userId, answer);
  afterMoneyMoved();
  return { ...answer, userId };
}
