// What /options calls: buy a rise/fall option, and look up an open option's entry tick. Buying
// is an online-only command (DESIGN §3): the option is priced by the market when it arrives, so
// it is never queued in the outbox to go out later at another price. The server's answer is
// written to IndexedDB at once (the open order card shows it before the change log brings it),
// then an account pull fetches the new balances.
import type { OptionsOrder, OptionsOrderRequest, OptionTick } from "../../protocol/options";
import { compare, isDecimalString } from "../../protocol/decimal";
import type { ApiError } from "../api/errors";
import { firstTickAfter } from "../api/market-ticks";
import { placeOrder } from "../api/options";
import { saveOptionsOrderAnswer, type OptionsOrderRow } from "../db/options-data";
import { signedInUser } from "./commands";
import { asCommandError, CommandError, sharedFailureOf } from "./command-error";
import { currentSyncEngine } from "./engine";
import { isOnline } from "./online";
import { pullOptionsProducts } from "./pull-options";
import { ACCOUNT_ONLY } from "./pull-queue";

export type OptionsCommandFailure =
  /** Nothing was sent: the app is offline. */
  | "offline"
  /** The request is malformed (the form validates first; this is the last guard). */
  | "invalid"
  | "insufficient-balance"
  /** The user already has an unsettled option (422 PREVIOUS_ORDER_OPEN). */
  | "previous-open"
  /** The server refused a field (unknown symbol or seconds, amount out of range, …). */
  | "validation"
  /** The server had no live price for the symbol (503 MARKET_STALE). */
  | "market-stale"
  | "refused"
  | "conflict"
  | "rate-limited"
  /** No answer came: the option may or may not exist; retrying with the same key is safe. */
  | "no-answer"
  | "server";

/** Why a options command failed (src/sync/command-error.ts). */
export class OptionsCommandError extends CommandError<OptionsCommandFailure> {
  override name = "OptionsCommandError";
}

function failureOf(error: ApiError): OptionsCommandFailure {
  switch (error.code) {
    case "INSUFFICIENT_BALANCE":
      return "insufficient-balance";
    case "PREVIOUS_ORDER_OPEN":
      return "previous-open";
    case "VALIDATION":
    case "BAD_REQUEST":
      return "validation";
    default:
      return sharedFailureOf(error) ?? (error.status === 422 ? "refused" : "server");
  }
}

const commandError = (error: unknown) =>
  asCommandError(error, failureOf, (...args) => new OptionsCommandError(...args));

/** One Idempotency-Key per purchase attempt (the confirm step makes it; a retry reuses it). */
export function newOptionsOrderKey(): string {
  return crypto.randomUUID();
}

/**
 * Buys an option and stores the answer (open until it settles). Throws OptionsCommandError when
 * offline or refused.
 */
export async function placeOptionsOrder(
  request: OptionsOrderRequest,
  idempotencyKey: string,
): Promise<OptionsOrderRow> {
  const userId = signedInUser();
  const wellFormed =
    request.symbol !== "" &&
    (request.direction === "up" || request.direction === "down") &&
    Number.isInteger(request.seconds) &&
    request.seconds > 0 &&
    isDecimalString(request.amount) &&
    compare(request.amount, "0") > 0 &&
    idempotencyKey !== "";
  if (!wellFormed) throw new OptionsCommandError("invalid", "The option is incomplete.");
  if (!isOnline()) throw new OptionsCommandError("offline", "Options need a connection.");
  let answer: OptionsOrder;
  try {
    // Quiet: the confirm sheet shows the failure itself, in the user's language.
    answer = await placeOrder(request, idempotencyKey, { quiet: true });
  } catch (error) {
    const failure = commandError(error);
    // A refused field may mean the products changed (seconds withdrawn, range moved).
    if (failure instanceof OptionsCommandError && failure.kind === "validation") {
      void pullOptionsProducts({ force: true });
    }
    // Someone else's open option (another tab or device): the change log brings it.
    if (failure instanceof OptionsCommandError && failure.kind === "previous-open") {
      void currentSyncEngine()?.requestPull(ACCOUNT_ONLY);
    }
    throw failure;
  }
  await saveOptionsOrderAnswer(userId, answer);
  // The change log brings the bills (311, 314); the pull's overview the new balances.
  void currentSyncEngine()?.requestPull(ACCOUNT_ONLY);
  return { ...answer, userId };
}

/**
 * The entry tick of an open option: the first recorded tick after its acceptance, read from the
 * public tick record (the server stores it only at settlement). null while none is recorded yet
 * or when offline; the caller asks again later.
 */
export async function readEntryTick(
  order: Pick<OptionsOrder, "symbol" | "time" | "expiresAt">,
): Promise<OptionTick | null> {
  if (!isOnline()) return null;
  try {
    return await firstTickAfter(order.symbol, order.time, order.expiresAt, { quiet: true });
  } catch {
    return null;
  }
}
