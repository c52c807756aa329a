// What /intelligent calls: subscribe to a plan, stop a running plan, queue a backtest or an
// optimisation, and refresh what the screen shows. Subscribing and stopping are online-only
// commands (DESIGN §3): a plan starts and stops at the market's prices when the request arrives,
// so neither waits in the outbox. Queuing a job is online-only too: its answer is the job the lab
// then follows. Each answer is written to IndexedDB at once, then an account pull fetches the
// balances and the quota.
import type { QuantBacktestRequest, QuantOptimisationRequest } from "../../protocol/quant";
import { compare, isDecimalString } from "../../protocol/decimal";
import type { ApiError } from "../api/errors";
import {
  getQuantBacktest,
  getQuantOptimisation,
  runQuantBacktest as runBacktest,
  runQuantOptimisation as runOptimisation,
  stopQuantPlan as stopPlan,
  subscribeQuantPlan as subscribe,
} from "../api/quant";
import {
  saveQuantJobAnswer,
  saveQuantSubscriptionAnswer,
  type QuantSubscriptionRow,
} from "../db/quant-data";
import { signedInUser } from "./commands";
import { asCommandError, CommandError, sharedFailureOf } from "./command-error";
import { currentSyncEngine } from "./engine";
import { isOnline } from "./online";
import { ACCOUNT_ONLY } from "./pull-queue";
import { pullQuantAccount, pullQuantCatalogue, pullQuantTrades } from "./pull-quant";

export type QuantCommandFailure =
  /** Nothing was sent: the app is offline. */
  | "offline"
  /** The request is malformed (the screen validates first; this is the last guard). */
  | "invalid"
  /** The server refused a rule (level, range, quota, balance, job limit): `refusal` says which. */
  | "refused"
  | "market-stale"
  /** The plan or job is not there. */
  | "not-found"
  /** The plan already ended, or the key was used for another request. */
  | "conflict"
  | "rate-limited"
  /** No answer came: the command may or may not have happened; the lists will show it. */
  | "no-answer"
  | "server";

export class QuantCommandError extends CommandError<QuantCommandFailure> {
  override name = "QuantCommandError";
}

function failureOf(error: ApiError): QuantCommandFailure {
  if (error.code === "NOT_FOUND") return "not-found";
  // JOBS_LIMIT is a 429 with its own wording: a refusal, not "slow down".
  if (error.code === "JOBS_LIMIT") return "refused";
  return (
    sharedFailureOf(error) ?? (error.status >= 400 && error.status < 500 ? "refused" : "server")
  );
}

const commandError = (error: unknown) =>
  asCommandError(error, failureOf, (...args) => new QuantCommandError(...args));

/** One Idempotency-Key per attempt (the confirm step makes it; a retry reuses it). */
export function newQuantKey(): string {
  return crypto.randomUUID();
}

function afterMoneyMoved(userId: string): void {
  // The change log brings the plan and its bills, the overview the balances; the quota moved.
  void currentSyncEngine()?.requestPull(ACCOUNT_ONLY);
  void pullQuantAccount(userId);
}

async function sendOnline<T>(request: () => Promise<T>): Promise<T> {
  if (!isOnline()) throw new QuantCommandError("offline", "Quant plans need a connection.");
  try {
    return await request();
  } catch (error) {
    throw commandError(error);
  }
}

/** Starts a plan with `amount` USDT (a decimal string). */
export async function subscribeToPlan(
  planId: string,
  amount: string,
  idempotencyKey: string,
): Promise<QuantSubscriptionRow> {
  const userId = signedInUser();
  if (
    planId === "" ||
    !isDecimalString(amount) ||
    compare(amount, "0") <= 0 ||
    idempotencyKey === ""
  ) {
    throw new QuantCommandError("invalid", "The subscription is incomplete.");
  }
  let answer;
  try {
    // Quiet: the sheet shows the failure itself, in the user's language.
    answer = await sendOnline(() => subscribe({ planId, amount }, idempotencyKey, { quiet: true }));
  } catch (failure) {
    // A refused plan may mean the catalogue or the quota changed.
    if (failure instanceof QuantCommandError && failure.kind === "refused") {
      void pullQuantCatalogue({ force: true });
    }
    afterMoneyMoved(userId);
    throw failure;
  }
  await saveQuantSubscriptionAnswer(userId, answer);
  afterMoneyMoved(userId);
  return { ...answer, userId };
}

/** Stops a running plan: its positions close at market and its result is booked. */
export async function stopQuantPlan(id: string): Promise<QuantSubscriptionRow> {
  const userId = signedInUser();
  if (id === "") throw new QuantCommandError("invalid", "A plan id is required.");
  let answer;
  try {
    answer = await sendOnline(() => stopPlan(id, { quiet: true }));
  } finally {
    afterMoneyMoved(userId);
  }
  await saveQuantSubscriptionAnswer(userId, answer);
  void pullQuantTrades(userId, id);
  return { ...answer, userId };
}

/**
 * The period cut to the record's bounds when the server refused it for reaching past them
 * (VALIDATION "from" at-least / "to" at-most with the bound as its limit), or null. The lab asks
 * for "the last N days"; a record shorter than that (a young server) still has a period to test.
 * The job then carries the period it really covers, and the lab shows it.
 */
export function periodWithinRecord<P extends { from: string; to: string }>(
  failure: unknown,
  request: P,
): P | null {
  if (!(failure instanceof QuantCommandError) || failure.refusal?.code !== "VALIDATION")
    return null;
  const { field, rule, limit } = failure.refusal.params as Record<string, unknown>;
  if (typeof limit !== "string" || Number.isNaN(Date.parse(limit))) return null;
  if (field === "from" && rule === "at-least" && limit !== request.from) {
    return { ...request, from: limit };
  }
  if (field === "to" && rule === "at-most" && limit !== request.to)
    return { ...request, to: limit };
  return null;
}

/** Sends a job request; a period past the record is cut to it and asked once more per bound. */
async function queueWithinRecord<P extends { from: string; to: string }>(
  request: P,
  idempotencyKey: string,
  post: (request: P, key: string) => Promise<{ id: string }>,
): Promise<string> {
  let current = request;
  for (let attempt = 0; ; attempt++) {
    try {
      // Another body is another request: each cut asks with its own key.
      const key = attempt === 0 ? idempotencyKey : `${idempotencyKey}-${attempt}`;
      return (await sendOnline(() => post(current, key))).id;
    } catch (failure) {
      const cut = attempt < 2 ? periodWithinRecord(failure, current) : null;
      if (cut === null) throw failure;
      current = cut;
    }
  }
}

/** Queues a backtest and stores the job; answers its id. */
export async function queueBacktest(
  request: QuantBacktestRequest,
  idempotencyKey: string,
): Promise<string> {
  const userId = signedInUser();
  const id = await queueWithinRecord(request, idempotencyKey, (body, key) =>
    runBacktest(body, key, { quiet: true }),
  );
  await refreshQuantJob("backtest", id, userId);
  return id;
}

/** Queues a parameter search with walk-forward validation; answers its id. */
export async function queueOptimisation(
  request: QuantOptimisationRequest,
  idempotencyKey: string,
): Promise<string> {
  const userId = signedInUser();
  const id = await queueWithinRecord(request, idempotencyKey, (body, key) =>
    runOptimisation(body, key, { quiet: true }),
  );
  await refreshQuantJob("optimisation", id, userId);
  return id;
}

/** Reads a job's state now (the lab follows a queued or running one); failures keep the row. */
export async function refreshQuantJob(
  kind: "backtest" | "optimisation",
  id: string,
  userId = signedInUser(),
): Promise<void> {
  if (!isOnline()) return;
  try {
    if (kind === "backtest") {
      await saveQuantJobAnswer(userId, { kind, data: await getQuantBacktest(id, { quiet: true }) });
    } else {
      await saveQuantJobAnswer(userId, {
        kind,
        data: await getQuantOptimisation(id, { quiet: true }),
      });
    }
  } catch {
    // The change log brings it too; the next look tries again.
  }
}

/** What /intelligent reads when it opens: the catalogue, the quota and the plans' backtests. */
export async function refreshQuant(): Promise<void> {
  if (!isOnline()) return;
  await pullQuantCatalogue({ force: true });
  const userId = signedInUser();
  await pullQuantAccount(userId);
}

/** A plan's newest trades, while the screen shows them. */
export function refreshQuantTrades(subscriptionId: string): Promise<void> {
  if (!isOnline()) return Promise.resolve();
  return pullQuantTrades(signedInUser(), subscriptionId);
}
