// The simulated exchange as a MarketSource: a timer steps the seeded SimulatedMarket
// `ticksPerSecond` times a second and emits one trade per symbol and a fresh book each step.
// The step size is fixed (1 / ticksPerSecond), so the path depends only on the seed and the
// number of steps, never on timer jitter; tests call emit() with their own clock instead.
import type { MarketSource, MarketSourceHandlers } from "./market-source";
import type { SimulatedMarket } from "./simulated-market";

export interface SimulatedSourceOptions {
  market: SimulatedMarket;
  ticksPerSecond: number;
  now?: () => number;
  /** No timer: the caller steps the market with emit() (tests, with their own clock). */
  manual?: boolean;
}

export class SimulatedSource implements MarketSource {
  private handlers: MarketSourceHandlers | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastTs = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(private readonly options: SimulatedSourceOptions) {
    this.now = options.now ?? Date.now;
  }

  start(handlers: MarketSourceHandlers): void {
    this.handlers = handlers;
    if (this.options.manual) return;
    this.timer = setInterval(() => this.emit(this.now()), 1000 / this.options.ticksPerSecond);
    this.timer.unref();
  }

  /** One step at `ts` (epoch ms); times never repeat or go backwards. */
  emit(ts: number): void {
    const at = Math.max(Math.floor(ts), this.lastTs + 1);
    this.lastTs = at;
    const { market, ticksPerSecond } = this.options;
    const ticks = market.step(at, 1 / ticksPerSecond);
    this.handlers?.onTicks(ticks);
    for (const tick of ticks) this.handlers?.onBook(market.book(tick.symbol, at));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.handlers = null;
  }
}
