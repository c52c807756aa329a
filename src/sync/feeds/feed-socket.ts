// One market websocket (/ws/data, /ws/depth or /ws/kdata) kept connected: reconnects with
// full-jitter backoff (../backoff.ts), never tries while the app is offline (and tries at once
// when it is back), and watches liveness — browsers cannot see the server's protocol pings, so a
// quiet socket sends `{ op: "ping" }`, and one that heard nothing at all for DEAD_AFTER_MS is
// treated as dead (a phone that slept, a proxy that dropped the connection without a close).
// What the frames mean belongs to the socket's owner.
import type { FeedClientOp } from "../../../protocol";
import { marketSocketUrl, type MarketSocketPath } from "../../api/market";
import { Backoff, RECONNECT_BACKOFF } from "../../../protocol/backoff";
import { repeatEvery, type SocketConnection, type SyncEnvironment } from "../environment";
import { isOnline, subscribeOnline } from "../online";

/** Quiet this long: ask for a pong (tickers arrive every second; a calm depth topic may not). */
export const PING_AFTER_MS = 10_000;
/** Nothing at all this long, pong included: close and reconnect. */
export const DEAD_AFTER_MS = 30_000;
const WATCH_EVERY_MS = 5_000;
/** A connection that lasted this long was healthy: its loss starts the backoff afresh. */
const STABLE_MS = 30_000;

/**
 * What the feeds report for developers (never shown to users): an event name such as
 * "seq-gap" or "malformed-frame", and its details.
 */
export type FeedEvent =
  "reconnect" | "malformed-frame" | "server-error" | "seq-gap" | "flush-failed";
export type FeedLog = (event: FeedEvent, detail: Record<string, unknown>) => void;

export const consoleLog: FeedLog = (event, detail) => console.warn(`[feeds] ${event}`, detail);

export interface FeedSocketDeps {
  env: SyncEnvironment;
  path: MarketSocketPath;
  /** The query of the next connection (its topic); null: nothing to watch, stay closed. */
  query: () => Record<string, string> | null;
  /** Each message, parsed from JSON (undefined when it was not JSON). */
  onMessage: (value: unknown) => void;
  /** A connection opened. */
  onOpen?: () => void;
  /** A connection closed or never opened (`opened` false: the server could not be reached). */
  onDrop?: (opened: boolean) => void;
  log?: FeedLog;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

export class FeedSocket {
  private connection: SocketConnection | null = null;
  private opened = false;
  private openedAt = 0;
  private lastHeard = 0;
  private pinged = false;
  private cancelRetry: (() => void) | null = null;
  private stopWatch: (() => void) | null = null;
  private stopOnline: (() => void) | null = null;
  private active = false;
  private readonly backoff: Backoff;

  constructor(private readonly deps: FeedSocketDeps) {
    this.backoff = new Backoff(RECONNECT_BACKOFF, deps.env.random);
  }

  get running(): boolean {
    return this.active;
  }

  /** Whether a connection is open now (sent ops reach the server). */
  get isOpen(): boolean {
    return this.connection !== null && this.opened;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.stopOnline = subscribeOnline(() => this.onOnlineChange());
    this.connect();
  }

  stop(): void {
    this.active = false;
    this.stopOnline?.();
    this.stopOnline = null;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.drop(false);
  }

  /** Connects now if nothing is connected or waiting to retry (a topic to watch appeared). */
  ensureConnected(): void {
    if (this.active && this.connection === null && this.cancelRetry === null) this.connect();
  }

  /** Drops the connection and connects again after the backoff wait. */
  reconnect(reason: "silent" | "no-snapshot"): void {
    if (this.connection === null) return;
    this.deps.log?.("reconnect", { path: this.deps.path, reason });
    this.drop(true);
  }

  /** Sends an op on the open connection; false when none is open (nothing was sent). */
  send(op: FeedClientOp): boolean {
    if (!this.isOpen || this.connection === null) return false;
    this.connection.send(JSON.stringify(op));
    return true;
  }

  private connect(): void {
    const { env } = this.deps;
    if (!this.active || env.openSocket === null || !isOnline()) return;
    const query = this.deps.query();
    if (query === null) return;
    this.opened = false;
    this.pinged = false;
    this.lastHeard = env.now();
    const connection = env.openSocket(marketSocketUrl(this.deps.path, query), {
      onOpen: () => {
        if (this.connection !== connection) return;
        this.opened = true;
        this.openedAt = this.lastHeard = env.now();
        this.deps.onOpen?.();
      },
      onMessage: (data) => {
        if (this.connection !== connection) return;
        this.lastHeard = env.now();
        this.pinged = false;
        this.deps.onMessage(parseJson(data));
      },
      onClose: () => {
        if (this.connection === connection) this.drop(true);
      },
    });
    this.connection = connection;
    this.stopWatch = repeatEvery(env, WATCH_EVERY_MS, () => this.watch());
  }

  /** The liveness check, every few seconds while a connection exists or is being opened. */
  private watch(): void {
    const quiet = this.deps.env.now() - this.lastHeard;
    if (quiet >= DEAD_AFTER_MS) {
      this.reconnect("silent");
    } else if (quiet >= PING_AFTER_MS && !this.pinged && this.send({ op: "ping" })) {
      this.pinged = true;
    }
  }

  /** Forgets the connection (closing it) and, when `retry`, schedules the next attempt. */
  private drop(retry: boolean): void {
    const connection = this.connection;
    this.stopWatch?.();
    this.stopWatch = null;
    if (connection === null) return;
    this.connection = null;
    const opened = this.opened;
    this.opened = false;
    // Its own close event, if one still comes, finds `this.connection` changed and is ignored.
    connection.close();
    if (opened && this.deps.env.now() - this.openedAt >= STABLE_MS) this.backoff.reset();
    this.deps.onDrop?.(opened);
    if (retry && this.active) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.cancelRetry !== null) return;
    this.cancelRetry = this.deps.env.setTimer(() => {
      this.cancelRetry = null;
      this.connect();
    }, this.backoff.fail());
  }

  private onOnlineChange(): void {
    if (!isOnline() || !this.active || this.connection !== null) return;
    // Back online: whatever the backoff said, the network just changed; try now.
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.backoff.reset();
    this.connect();
  }
}
