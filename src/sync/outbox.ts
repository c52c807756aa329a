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

/** While entries wait, the leader tries again this often. */
export const OUTBOX_TICK_MS = 15_000;
/** Longer than the 30 s request timeout: a "sending" entry this old was left by a closed tab. */
export const SENDING_STALE_MS = 60_000;
/** Sent entries stay for the UI this long. */
export const SENT_KEEP_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };

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
}

export class OutboxFlusher {
  private running: Promise<void> | null = null;
  private pending: { force: boolean } | null = null;
  private waiting = 0;
  private stopTick: (() => void) | null = null;

  constructor(private readonly deps: OutboxFlusherDeps) {}

  /**
   * The leader's own triggers: a flush as soon as an entry is added (in any tab: the live query
   * sees other tabs' writes) while online, and a tick while entries wait. Answers a stop function.
   */
  watch(): () => void {
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
      this.stopTick?.();
      this.stopTick = null;
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
        await withLock(this.deps.env.locks, OUTBOX_LOCK, () => this.flushOnce(force));
      }
    } finally {
      this.running = null;
    }
  }

  private async flushOnce(force: boolean): Promise<void> {
    const { env } = this.deps;
    const now = env.now();
    await pruneSentOutbox(now - SENT_KEEP_MS);
    const query = { userId: this.deps.userId(), now, staleBefore: now - SENDING_STALE_MS, force };
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
      await settleOutboxEntry(entry.id, { state: "waiting", nextAttemptAt: env.now() + delay });
      // No answer, an overloaded server or no session: the next entries would fare the same.
      return "stop";
    }
    await settleOutboxEntry(entry.id, { state: "sent" });
    this.deps.onSent?.(entry.command as OutboxCommandName);
    return "next";
  }
}
