// Flushes the outbox: sends due entries one by one, oldest first, under the "quanta-outbox" Web
// Lock. The state machine — waiting → sending → sent | failed | waiting — lives here:
// business errors (4xx) fail with the server's code and params and are never retried; no answer,
// timeouts, 429 and 5xx go back to waiting with backoff and full jitter; 401 or a locked account
// stop the flush (the session hooks deal with those). The rows themselves are src/db/outbox.ts.
import { ApiError } from "../api/errors";
import {
  claimOutboxEntry,
  dueOutboxEntries,
  pruneSentOutbox,
  settleOutboxEntry,
  watchWaitingOutbox,
  type OutboxCommandName,
  type OutboxRow,
  type StoredRefusal,
} from "../db/outbox";
import { fullJitterDelay, type BackoffPolicy } from "../../protocol/backoff";
import { repeatEvery, type SyncEnvironment } from "./environment";
import { OUTBOX_LOCK, withLock } from "./leader";
import { isOnline } from "./online";
import { sendOutboxEntry } from "./outbox-commands";

/**
 * While entries wait, the leader tries again at least this often (a failure that may pass also
 * sets a timer for when its backoff ends, which is usually sooner).
 */
export const OUTBOX_TICK_MS = 15_000;
/**
 * Without Web Locks: longer than the 30 s request timeout, so a "sending" entry this old was left
 * by a closed tab (with them, any is: see orphanedBefore).
 */
export const SENDING_STALE_MS = 60_000;
/** Sent entries stay for the UI this long. */
export const SENT_KEEP_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };

/**
 * Before when a "sending" entry counts as left behind by a flush that died (the tab closed or
 * navigated mid-request). Every flush holds the outbox lock while it sends, and the browser frees
 * a closed page's locks, so under the lock no other flush is sending anything: every "sending"
 * entry is an orphan, retried at once with its idempotency key instead of a minute after a
 * reload. Without Web Locks another tab may really be sending it: wait until it is stale.
 */
function orphanedBefore(env: SyncEnvironment, now: number): number {
  return env.locks === null ? now - SENDING_STALE_MS : Number.POSITIVE_INFINITY;
}

export type SendFailure =
  | { kind: "retry" }
  /** Never retried by itself: the refusal is stored on the row for the user to read. */
  | { kind: "fail"; failure: StoredRefusal }
  /** The session is gone or locked: leave the entry waiting and stop. */
  | { kind: "halt" };

export function classifySendFailure(error: unknown): SendFailure {
  // The app's own failure (a file gone from the device): nothing the server said.
  if (!(error instanceof ApiError))
    return { kind: "fail", failure: { code: "UNSENDABLE", params: {} } };
  if (["UNAUTHORIZED", "ACCOUNT_LOCKED", "SESSION_ENDED"].includes(error.code)) {
    return { kind: "halt" };
  }
  const { status } = error;
  if (status === 0 || status === 408 || status === 429 || status >= 500) return { kind: "retry" };
  if (status >= 400) return { kind: "fail", failure: { code: error.code, params: error.params } };
  // A 2xx/3xx without an envelope (a proxy's page): the server may not have seen it; try again.
  return { kind: "retry" };
}

export interface OutboxFlusherDeps {
  env: SyncEnvironment;
  /** The signed-in user: only their entries (and user-less ones) are sent with their token. */
  userId: () => string | null;
  onSent?: (command: OutboxCommandName) => void;
  /** A flush with something to send started (true) or ended (false): the "pushing" phase. */
  onBusy?: (busy: boolean) => void;
  /** Replaces the command map (unit tests of the state machine). */
  send?: (row: OutboxRow) => Promise<void>;
  /** How often to try again while entries wait; default OUTBOX_TICK_MS. */
  tickMs?: number;
  /** A flush that failed at the local database (closed, cleared, evicted, full). */
  log?: (event: "flush-failed", detail: { error: unknown }) => void;
}

export class OutboxFlusher {
  private running: Promise<void> | null = null;
  private pending: { force: boolean } | null = null;
  private waiting = 0;
  private stopTick: (() => void) | null = null;
  private watching = false;
  /** When the entry that last failed with "try again" is due (this drain's), and its timer. */
  private retryAt: number | null = null;
  private cancelRetry: (() => void) | null = null;

  constructor(private readonly deps: OutboxFlusherDeps) {}

  /**
   * The leader's own triggers: a flush as soon as an entry is added (in any tab: the live query
   * sees other tabs' writes) while online, and a tick while entries wait. Answers a stop function.
   */
  watch(): () => void {
    this.watching = true;
    const stopWatching = watchWaitingOutbox(this.deps.userId, (waiting) => {
      const grew = waiting > this.waiting;
      this.waiting = waiting;
      if (grew && isOnline()) void this.flush();
      if (waiting === 0) {
        this.stopTick?.();
        this.stopTick = null;
      } else {
        this.stopTick ??= repeatEvery(this.deps.env, this.deps.tickMs ?? OUTBOX_TICK_MS, () => {
          void this.flush();
        });
      }
    });
    return () => {
      stopWatching();
      this.watching = false;
      this.stopTick?.();
      this.stopTick = null;
      this.cancelRetry?.();
      this.cancelRetry = null;
      this.waiting = 0;
    };
  }

  /** Sends what is due; one flush at a time, and a call during one runs another after it. */
  flush(opts: { force?: boolean } = {}): Promise<void> {
    this.pending = { force: (this.pending?.force ?? false) || (opts.force ?? false) };
    this.running ??= this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending !== null) {
        const { force } = this.pending;
        this.pending = null;
        // Every caller fires and forgets, so a failure must end here. A failed send is settled
        // inside; what reaches this is the local database failing (the browser cleared or
        // evicted it while the app ran): the entries stay where they are, and the next trigger
        // — a new entry, the tick, going online — tries again on the reopened database.
        await withLock(this.deps.env.locks, OUTBOX_LOCK, () => this.flushOnce(force)).catch(
          (error: unknown) => this.deps.log?.("flush-failed", { error }),
        );
      }
      this.scheduleRetry();
    } finally {
      this.running = null;
    }
  }

  /**
   * A flush when the backoff of an entry that failed with "try again" ends: a request whose answer
   * was lost goes again in seconds, as the backoff says, not at the next tick. Not gated on the
   * online state: that one failure has just marked us offline, and a retry is how we find out
   * otherwise (the backoff's cap bounds what a real outage costs). Nothing after a "halt": the
   * session hooks act.
   */
  private scheduleRetry(): void {
    const at = this.retryAt;
    this.retryAt = null;
    if (at === null || !this.watching) return;
    const { env } = this.deps;
    this.cancelRetry?.();
    this.cancelRetry = env.setTimer(
      () => {
        this.cancelRetry = null;
        void this.flush();
      },
      Math.max(0, at - env.now()),
    );
  }

  private async flushOnce(force: boolean): Promise<void> {
    const { env } = this.deps;
    const now = env.now();
    await pruneSentOutbox(now - SENT_KEEP_MS);
    const query = { userId: this.deps.userId(), now, staleBefore: orphanedBefore(env, now), force };
    const due = await dueOutboxEntries(query);
    if (due.length === 0) return;
    this.deps.onBusy?.(true);
    try {
      for (const candidate of due) {
        const entry = await claimOutboxEntry(candidate.id, { ...query, now: env.now() });
        // Taken by another flush, discarded, or cleared by sign-out meanwhile.
        if (entry === null) continue;
        if ((await this.sendOne(entry)) === "stop") break;
      }
    } finally {
      this.deps.onBusy?.(false);
    }
  }

  private async sendOne(entry: OutboxRow): Promise<"next" | "stop"> {
    const { env } = this.deps;
    try {
      await (this.deps.send ?? sendOutboxEntry)(entry);
    } catch (error) {
      const failure = classifySendFailure(error);
      if (failure.kind === "fail") {
        await settleOutboxEntry(entry.id, { state: "failed", failure: failure.failure });
        return "next";
      }
      const delay =
        failure.kind === "halt"
          ? 0
          : fullJitterDelay(entry.attempts - 1, OUTBOX_BACKOFF, env.random);
      const nextAttemptAt = env.now() + delay;
      await settleOutboxEntry(entry.id, { state: "waiting", nextAttemptAt });
      if (failure.kind === "retry")
        this.retryAt = Math.min(this.retryAt ?? nextAttemptAt, nextAttemptAt);
      // No answer, an overloaded server or no session: the next entries would fare the same.
      return "stop";
    }
    await settleOutboxEntry(entry.id, { state: "sent" });
    this.deps.onSent?.(entry.command as OutboxCommandName);
    return "next";
  }
}
