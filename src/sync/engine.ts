// The sync engine: decides when to pull and flush, and which tab does it. Triggers: start, back
// online, the page becoming visible, window focus, a poke on /ws/account, a language switch, and
// a tick every 60 s while visible. One pull runs at a time (triggers during it coalesce into one
// more); failures back off with full jitter up to a minute. Only the leading tab (Web Locks)
// pulls, holds the sockets (/ws/account, and /ws/data for tickers: feeds/ticker-feed.ts) and
// flushes the outbox; followers forward their triggers to it over a BroadcastChannel and read
// IndexedDB like everyone else. The phase it writes to IndexedDB is what every tab's
// useSyncPhase shows.
import type { AccountPoke, Lang } from "../../protocol";
import { ApiError } from "../api/errors";
import { accountSocketUrl } from "../api/sync";
import { onDatabaseReset } from "../db/database";
import { getSessionUserId, getToken, subscribeSession } from "../db/session";
import {
  hasSyncedOnce,
  markSyncedOnce,
  setTabContentLang,
  writeContentLang,
} from "../db/sync-state";
import { AccountSocket } from "./account-socket";
import { consoleLog } from "./feeds/feed-socket";
import { pokeIsNew } from "./poke";
import { tabMarketWriter } from "./feeds/tab-feeds";
import { TickerFeed } from "./feeds/ticker-feed";
import { repeatEvery, type SyncEnvironment, type TabChannel, type TabMessage } from "./environment";
import { joinLeaderElection, type Leadership } from "./leader";
import { isOnline, subscribeOnline } from "./online";
import { OutboxFlusher } from "./outbox";
import { PULL_AFTER } from "./outbox-commands";
import { LangSet } from "./lang-set";
import { askPersistOnce } from "./persist";
import { computePhase, PhaseWriter } from "./phase";
import { pullAccount } from "./pull-account";
import { pullContractConfig } from "./pull-contract";
import { pullOptionsProducts } from "./pull-options";
import { pullPublic } from "./pull-public";
import { pullQuantCatalogue } from "./pull-quant";
import { ACCOUNT_ONLY, EVERYTHING, PullQueue, type PullScope } from "./pull-queue";

export const PULL_INTERVAL_MS = 60_000;
export type { PullScope };

export interface SyncEngineOptions {
  env: SyncEnvironment;
  /** The content language this tab shows. */
  lang: Lang;
  pullIntervalMs?: number;
  outboxIntervalMs?: number;
}

/** A failure that is the session's business (401, locked account, sign-out), not the sync's. */
function isSessionFailure(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    ["UNAUTHORIZED", "ACCOUNT_LOCKED", "SESSION_ENDED"].includes(error.code)
  );
}

export class SyncEngine {
  private readonly env: SyncEnvironment;
  private readonly langs: LangSet;
  private readonly pulls: PullQueue;
  private readonly phase = new PhaseWriter();
  private readonly socket: AccountSocket;
  /** /ws/data (and GET /market/tickers) into the tickers table, in the leading tab. */
  private readonly tickers: TickerFeed;
  readonly outbox: OutboxFlusher;
  private leadership: Leadership | null = null;
  /** Set when this tab got the leader lock (synchronously, without Web Locks). */
  private leader = false;
  private channel: TabChannel | null = null;
  private stops: (() => void)[] = [];
  private leaderStops: (() => void)[] = [];
  private session = "";
  private pulling = false;
  private pushing = false;
  private failure: unknown = null;
  private syncedOnce = false;

  constructor(private readonly options: SyncEngineOptions) {
    this.env = options.env;
    this.langs = new LangSet(options.lang, options.env.now);
    this.pulls = new PullQueue({
      env: this.env,
      run: (scope) => this.pull(scope),
      onChange: (pulling, failure) => {
        this.pulling = pulling;
        if (!pulling) this.failure = failure;
        this.updatePhase();
      },
    });
    this.socket = new AccountSocket({
      env: this.env,
      url: () => {
        const token = getToken();
        return token === null ? null : accountSocketUrl(token);
      },
      onPoke: (poke) => void this.onPoke(poke),
      // Dropped or never opened: a pull finds out whether the server is reachable at all.
      onDrop: () => void this.requestPull(ACCOUNT_ONLY),
    });
    this.tickers = new TickerFeed({ env: this.env, writer: tabMarketWriter(), log: consoleLog });
    this.outbox = new OutboxFlusher({
      env: this.env,
      userId: getSessionUserId,
      onSent: (command) => {
        if (PULL_AFTER.has(command)) void this.requestPull(ACCOUNT_ONLY);
      },
      log: (event, detail) => console.warn(`[outbox] ${event}`, detail),
      onBusy: (busy) => {
        this.pushing = busy;
        this.updatePhase();
      },
      tickMs: options.outboxIntervalMs,
    });
  }

  get leading(): boolean {
    return this.leader;
  }

  get lang(): Lang {
    return this.langs.primary;
  }

  start(): void {
    if (this.leadership !== null) return;
    setTabContentLang(this.lang);
    this.session = sessionKey();
    const { env } = this;
    this.channel = env.openChannel?.() ?? null;
    this.stops = [
      subscribeOnline(() => this.onOnlineChange()),
      env.onVisible(() => this.onForeground()),
      env.onFocus(() => this.onForeground()),
      subscribeSession(() => this.onSessionChange()),
      onDatabaseReset(() => this.onDatabaseReset()),
      this.channel?.listen((message) => this.onTabMessage(message)) ?? (() => undefined),
      repeatEvery(env, this.options.pullIntervalMs ?? PULL_INTERVAL_MS, () => {
        if (env.isVisible()) this.onForeground();
      }),
    ];
    this.leadership = joinLeaderElection(env.locks, () => this.lead());
  }

  /** Final: a pull still running ends without retrying; syncing again takes a new engine. */
  stop(): void {
    this.leader = false;
    this.leadership?.stop();
    this.leadership = null;
    for (const stop of [...this.stops, ...this.leaderStops]) stop();
    this.stops = [];
    this.leaderStops = [];
    this.socket.stop();
    this.tickers.stop();
    this.pulls.stop();
    this.channel?.close();
    this.channel = null;
  }

  /**
   * Pulls now (coalesced with a pull already running); resolves when a pull covering the request
   * finished. In a follower tab it asks the leader instead and resolves at once.
   */
  requestPull(scope: PullScope = EVERYTHING): Promise<void> {
    if (!this.leading) {
      if (scope.public) this.channel?.post({ type: "pull", lang: this.lang });
      else this.channel?.post({ type: "pull", lang: null });
      return Promise.resolve();
    }
    return this.pulls.request(scope);
  }

  /** Resolves when no pull is running or queued (tests, and "refresh" buttons that wait). */
  whenIdle(): Promise<void> {
    return this.pulls.whenIdle();
  }

  /** Sends due outbox entries (force: regardless of backoff); a follower asks the leader. */
  flushOutbox(opts: { force?: boolean } = {}): Promise<void> {
    if (!this.leading) {
      this.channel?.post({ type: "flush" });
      return Promise.resolve();
    }
    return this.outbox.flush(opts);
  }

  /** Switches this tab's content language, remembers it, and pulls it at once. */
  async setLanguage(lang: Lang): Promise<void> {
    const changed = lang !== this.langs.primary;
    this.langs.setPrimary(lang);
    setTabContentLang(lang);
    await writeContentLang(lang);
    if (changed) await this.requestPull({ public: true, account: false });
  }

  private lead(): void {
    this.leader = true;
    this.socket.start();
    this.tickers.start();
    this.leaderStops.push(this.outbox.watch());
    void writeContentLang(this.lang).catch(() => undefined);
    void askPersistOnce(this.env);
    void hasSyncedOnce()
      .catch(() => false)
      .then((synced) => {
        this.syncedOnce ||= synced;
        this.updatePhase();
      });
    void this.outbox.flush();
    void this.requestPull(EVERYTHING);
  }

  /** One pull; a 401 or a lock is the session's business (its hooks act), not a failure. */
  private async pull(scope: PullScope): Promise<void> {
    const userId = getSessionUserId();
    const tasks: Promise<void>[] = [];
    // The options products, contract terms and quant catalogue are public and never fail the pull.
    if (scope.public) {
      tasks.push(
        this.pullLanguages(),
        pullOptionsProducts(),
        pullContractConfig(),
        pullQuantCatalogue(),
      );
    }
    if (scope.account && userId !== null) tasks.push(pullAccount(userId));
    const results = await Promise.allSettled(tasks);
    for (const result of results) {
      if (result.status === "rejected" && !isSessionFailure(result.reason)) throw result.reason;
    }
    if (scope.public && !this.syncedOnce) {
      this.syncedOnce = true;
      await markSyncedOnce();
    }
  }

  private async pullLanguages(): Promise<void> {
    for (const lang of this.langs.wanted()) await pullPublic(lang);
  }

  private updatePhase(): void {
    if (!this.leading) return;
    this.phase.write(
      computePhase({
        online: isOnline(),
        pulling: this.pulling,
        pushing: this.pushing,
        failed: this.failure !== null,
        syncedOnce: this.syncedOnce,
      }),
    );
  }

  private onOnlineChange(): void {
    this.updatePhase();
    if (!isOnline() || !this.leading) return;
    void this.requestPull(EVERYTHING);
    void this.outbox.flush({ force: true });
  }

  private onForeground(): void {
    if (!this.leading) {
      this.channel?.post({ type: "pull", lang: this.lang });
      return;
    }
    void this.requestPull(EVERYTHING);
    void this.outbox.flush();
  }

  private onTabMessage(message: TabMessage): void {
    if (!this.leading) return;
    if (message.type === "flush") {
      void this.outbox.flush();
      return;
    }
    this.langs.want(message.lang);
    void this.requestPull({ public: message.lang !== null, account: true });
  }

  private async onPoke(poke: AccountPoke): Promise<void> {
    const userId = getSessionUserId();
    if (userId === null || !(await pokeIsNew(userId, poke))) return;
    await this.requestPull(ACCOUNT_ONLY);
  }

  private onSessionChange(): void {
    const session = sessionKey();
    // Profile updates rewrite the session too; only a new user or token matters here.
    if (session === this.session) return;
    this.session = session;
    if (!this.leading) return;
    this.socket.restart();
    if (getSessionUserId() === null) return;
    void askPersistOnce(this.env);
    void this.requestPull(EVERYTHING);
    void this.outbox.flush();
  }

  private onDatabaseReset(): void {
    // Everything stored is gone: phase, language, cursors, ETags. Rebuild from the server.
    this.syncedOnce = false;
    this.phase.forget();
    if (!this.leading) return;
    void writeContentLang(this.lang).catch(() => undefined);
    void this.requestPull(EVERYTHING);
  }
}

function sessionKey(): string {
  return `${getSessionUserId() ?? ""}|${getToken() ?? ""}`;
}

let running: SyncEngine | null = null;

/** Starts the app's one engine (replacing a previous one). */
export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  running?.stop();
  running = new SyncEngine(options);
  running.start();
  return running;
}

/** The running engine, or null (before the app wired it, and in unit tests). */
export function currentSyncEngine(): SyncEngine | null {
  return running;
}

/** Stops the running engine. */
export function stopSyncEngine(): void {
  running?.stop();
  running = null;
}
