// What /contract calls: open a position (market) or place a waiting limit order, close a
// position, set its take-profit and stop-loss, cancel a waiting order. All are online-only
// commands (DESIGN §3): they are priced by the market when they arrive, so none is queued in the
// outbox to go out later at another price. Each answer is written to IndexedDB at once (the
// lists show it before the change log brings it), then an account pull fetches the balances.
import type { ContractOrderRequest, ContractTargetsRequest } from "../../protocol/contract";
import { compare, isDecimalString } from "../../protocol/decimal";
import {
  cancelContractOrder as cancelOrder,
  closeContractOrder as closeOrder,
  placeContractOrder as placeOrder,
  setContractTargets as setTargets,
} from "../api/contract";
import type { ApiError } from "../api/errors";
import { saveContractOrderAnswer, type ContractOrderRow } from "../db/contract-data";
import { signedInUser } from "./commands";
import { asCommandError, CommandError, sharedFailureOf } from "./command-error";
import { currentSyncEngine } from "./engine";
import { isOnline } from "./online";
import { pullContractConfig } from "./pull-contract";
import { ACCOUNT_ONLY } from "./pull-queue";

export type ContractCommandFailure =
  /** Nothing was sent: the app is offline. */
  | "offline"
  /** The request is malformed (the form validates first; this is the last guard). */
  | "invalid"
  /** The server refused a field, a business rule or the balance: `refusal` says which. */
  | "refused"
  /** The server had no fresh price or book for the symbol (503 MARKET_STALE). */
  | "market-stale"
  /** The order is not there, or no longer in the state the command needs. */
  | "not-found"
  | "conflict"
  | "rate-limited"
  /** No answer came: the command may or may not have happened; the lists will show it. */
  | "no-answer"
  | "server";

/** Why a contract command failed (src/sync/command-error.ts). */
export class ContractCommandError extends CommandError<ContractCommandFailure> {
  override name = "ContractCommandError";
}

function failureOf(error: ApiError): ContractCommandFailure {
  if (error.code === "NOT_FOUND") return "not-found";
  return (
    sharedFailureOf(error) ?? (error.status >= 400 && error.status < 500 ? "refused" : "server")
  );
}

const commandError = (error: unknown) =>
  asCommandError(error, failureOf, (...args) => new ContractCommandError(...args));

const positive = (value: string | undefined | null) =>
  typeof value === "string" && isDecimalString(value) && compare(value, "0") > 0;

/** One Idempotency-Key per opening attempt (the confirm step makes it; a retry reuses it). */
export function newContractOrderKey(): string {
  return crypto.randomUUID();
}

function afterMoneyMoved(): void {
  // The change log brings the order and its bills; the pull's overview the new balances.
  void currentSyncEngine()?.requestPull(ACCOUNT_ONLY);
}

/** Sends one command and stores its answer; failures become ContractCommandError. */
async function send(
  userId: string,
  request: () => Promise<Parameters<typeof saveContractOrderAnswer>[1]>,
): Promise<ContractOrderRow> {
  if (!isOnline()) throw new ContractCommandError("offline", "Contract orders need a connection.");
  let answer;
  try {
    answer = await request();
  } catch (error) {
    const failure = commandError(error);
    // A refused field may mean the terms changed (a leverage withdrawn, a new minimum).
    if (failure instanceof ContractCommandError && failure.kind === "refused") {
      void pullContractConfig({ force: true });
    }
    // A command that lost a race (a trigger closed the position first): the pull shows it.
    afterMoneyMoved();
    throw failure;
  }
  await saveContractOrderAnswer(userId, answer);
  afterMoneyMoved();
  return { ...answer, userId };
}

/** Opens a position at market (type 0) or places a waiting limit order (type 1). */
export async function placeContractOrder(
  request: ContractOrderRequest,
  idempotencyKey: string,
): Promise<ContractOrderRow> {
  const userId = signedInUser();
  const limit = request.type === 1;
  const wellFormed =
    request.symbol !== "" &&
    (request.direction === "long" || request.direction === "short") &&
    Number.isInteger(request.leverage) &&
    request.leverage >= 1 &&
    positive(request.quantity) &&
    (limit ? positive(request.price) : request.price === undefined) &&
    (request.takeProfit === undefined || positive(request.takeProfit)) &&
    (request.stopLoss === undefined || positive(request.stopLoss)) &&
    idempotencyKey !== "";
  if (!wellFormed) throw new ContractCommandError("invalid", "The order is incomplete.");
  // Quiet: the confirm sheet shows the failure itself, in the user's language.
  return send(userId, () => placeOrder(request, idempotencyKey, { quiet: true }));
}

/** Closes an open position at market. */
export async function closeContractPosition(id: string): Promise<ContractOrderRow> {
  const userId = signedInUser();
  if (id === "") throw new ContractCommandError("invalid", "An order id is required.");
  return send(userId, () => closeOrder(id, { quiet: true }));
}

/** Sets (or with null removes) a position's or waiting order's take-profit and stop-loss. */
export async function setContractTargets(
  id: string,
  targets: ContractTargetsRequest,
): Promise<ContractOrderRow> {
  const userId = signedInUser();
  const level = (value: string | null) => value === null || positive(value);
  if (id === "" || !level(targets.takeProfit) || !level(targets.stopLoss)) {
    throw new ContractCommandError("invalid", "The targets are incomplete.");
  }
  return send(userId, () => setTargets(id, targets, { quiet: true }));
}

/** Cancels a waiting limit order; its frozen margin and fee come back. */
export async function cancelContractOrder(id: string): Promise<ContractOrderRow> {
  const userId = signedInUser();
  if (id === "") throw new ContractCommandError("invalid", "An order id is required.");
  return send(userId, () => cancelOrder(id, { quiet: true }));
}
