// /ws/kdata?symbol=&interval=: the newest KDATA_MAX_LIMIT candles of one (symbol, interval),
// loaded once from the record under the feed's readConsistent, then advanced by each flush's 1m
// partials (candle-window.ts). An update carries the candles that changed, oldest first; a
// snapshot the client's `limit` newest. Loading again (a feed attached) bumps seq and sends every
// subscriber a snapshot.
import { KDATA_MAX_LIMIT, type KdataFrame } from "../../../protocol/feed";
import { INTERVAL_MS, type KlineInterval, type KlineRow } from "../../../protocol/market";
import type { Candle } from "../candles";
import type { SymbolSpec } from "../symbols";
import { CandleWindow } from "./candle-window";
import type { HubConnection } from "./hub-connection";
import type { HubContext } from "./hub-context";
import { Topic } from "./topic";

export interface KdataTopicOptions {
  spec: SymbolSpec;
  interval: KlineInterval;
  /** Runs `fn` while no flush runs (MarketFeed.readConsistent, or directly with no feed). */
  readConsistent<T>(fn: () => Promise<T>): Promise<T>;
  /** The newest KDATA_MAX_LIMIT candles from the record, oldest first. */
  readRows(): Promise<KlineRow[]>;
  /** Loading failed: the hub tells the subscribers and drops the topic. */
  onLoadFailed(topic: KdataTopic, err: unknown): void;
}

export class KdataTopic extends Topic {
  readonly symbol: string;
  readonly interval: KlineInterval;
  /** Null while loading: flush events are then already part of what the load reads. */
  private window: CandleWindow | null = null;
  private generation = 0;
  private loading: Promise<void> | null = null;
  private closed = false;

  constructor(
    hub: HubContext,
    private readonly options: KdataTopicOptions,
  ) {
    super(`kdata|${options.spec.symbol}|${options.interval}`, hub);
    this.symbol = options.spec.symbol;
    this.interval = options.interval;
  }

  snapshot(connection: HubConnection): string | null {
    const window = this.window;
    if (!window) return null;
    return this.cachedSnapshot(connection.limit, () =>
      this.frame("snapshot", window.last(connection.limit)),
    );
  }

  /** (Re)loads from the record; subscribers get a snapshot once it is in. */
  load(): Promise<void> {
    const generation = ++this.generation;
    this.window = null;
    const { readConsistent, readRows, spec, interval } = this.options;
    const loading = readConsistent(async () => {
      const rows = await readRows();
      // Installed before the read lets go, so the next flush event folds into this state.
      if (generation !== this.generation || this.closed) return;
      this.window = CandleWindow.fromRows(rows, spec, INTERVAL_MS[interval], KDATA_MAX_LIMIT);
      this.seq += 1;
      for (const connection of this.subscribers) connection.sendSnapshot();
    }).catch((err: unknown) => {
      if (generation === this.generation && !this.closed) this.options.onLoadFailed(this, err);
    });
    this.loading = loading;
    return loading;
  }

  /** This symbol's 1m partials of one committed flush, oldest first. */
  fold(partials: readonly Candle[]): void {
    if (!this.window) return;
    const changed = this.window.fold(partials);
    if (changed.length === 0) return;
    this.seq += 1;
    this.publish(this.frame("update", changed));
  }

  override async close(): Promise<void> {
    this.closed = true;
    await this.loading;
  }

  private frame(type: KdataFrame["type"], candles: KlineRow[]): KdataFrame {
    const { symbol, interval, seq } = this;
    return { type, symbol, interval, seq, candles };
  }
}
