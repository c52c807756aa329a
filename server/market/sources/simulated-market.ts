// The simulated exchange's price process, pure and seeded: per symbol a geometric Brownian motion
// whose variance follows GARCH(1,1) (calm and busy spells, as real markets have) plus rare jumps.
// The same seed and start give the same path, so tests and auditors can replay it.
import { formatFixed } from "../../../protocol/decimal";
import { toScaled } from "./scaled-float";
import { createRng, type Rng } from "../prng";
import type { SymbolSpec } from "../symbols";
import type { BookSnapshot, SourceTick } from "./market-source";

const SECONDS_PER_YEAR = 365 * 86_400;
/** GARCH(1,1) at a one-second step: alpha + beta < 1 keeps the variance mean-reverting. */
const ALPHA = 0.06;
const BETA = 0.93;
/** One jump every ~6 hours per symbol on average, of ~10 one-minute standard deviations. */
const JUMP_RATE_PER_SECOND = 1 / (6 * 3600);
const JUMP_MINUTES = 10;
export const BOOK_LEVELS = 20;

interface SymbolState {
  spec: SymbolSpec;
  rng: Rng;
  logPrice: number;
  /** Per-second variance now, and its long-run mean. */
  variance: number;
  meanVariance: number;
}

export class SimulatedMarket {
  private readonly states: SymbolState[];

  /**
   * A symbol in `startPrices` continues a recorded path (a restart), its random stream keyed by
   * `key` too (e.g. the restart time); any other symbol starts fresh at its spec's startPrice
   * from the seed alone, so a fresh history always replays.
   */
  constructor(
    readonly seed: string,
    specs: readonly SymbolSpec[],
    startPrices: ReadonlyMap<string, string> = new Map(),
    key = "",
  ) {
    this.states = specs.map((spec) => {
      const meanVariance = spec.annualVol ** 2 / SECONDS_PER_YEAR;
      return {
        spec,
        rng: createRng(
          startPrices.has(spec.symbol) ? `${seed}|${key}|${spec.symbol}` : `${seed}|${spec.symbol}`,
        ),
        logPrice: Math.log(Number(startPrices.get(spec.symbol) ?? spec.startPrice)),
        variance: meanVariance,
        meanVariance,
      };
    });
  }

  /** Advances every symbol by `dtSeconds` and returns one trade per symbol at `ts`. */
  step(ts: number, dtSeconds: number): SourceTick[] {
    return this.states.map((s) => {
      const qty = this.advance(s, dtSeconds);
      return {
        symbol: s.spec.symbol,
        price: toScaled(this.price(s), s.spec.priceScale),
        qty: toScaled(qty, s.spec.qtyScale),
        ts,
      };
    });
  }

  /**
   * The same step for one symbol without building strings, for the backfill's millions of
   * steps: price and trade quantity as floats, to be rounded exactly as step() rounds them
   * (toScaled), so history and live path are one process. Symbols are independent streams, so
   * stepping them one at a time gives the same path as stepping them together.
   */
  stepRaw(symbol: string, dtSeconds: number): { price: number; qty: number } {
    const s = this.state(symbol);
    const qty = this.advance(s, dtSeconds);
    return { price: this.price(s), qty };
  }

  private state(symbol: string): SymbolState {
    const s = this.states.find((x) => x.spec.symbol === symbol);
    if (!s) throw new Error(`Unknown symbol ${symbol}`);
    return s;
  }

  private advance(s: SymbolState, dtSeconds: number): number {
    const { rng, spec } = s;
    let r = Math.sqrt(s.variance * dtSeconds) * rng.normal() - 0.5 * s.variance * dtSeconds;
    if (rng.next() < JUMP_RATE_PER_SECOND * dtSeconds) {
      r += Math.sqrt(s.meanVariance * 60 * JUMP_MINUTES) * rng.normal();
    }
    s.logPrice += r;
    // GARCH at step dt: beta decays as beta^dt, alpha scaled so alpha+beta keeps its meaning.
    const beta = BETA ** dtSeconds;
    const alpha = (ALPHA * (1 - beta)) / (1 - BETA);
    const next =
      (1 - alpha - beta) * s.meanVariance + alpha * ((r * r) / dtSeconds) + beta * s.variance;
    s.variance = Math.min(Math.max(next, s.meanVariance / 4), s.meanVariance * 25);
    const qty = spec.typicalQty * Math.exp(0.8 * rng.normal() - 0.32);
    return Math.max(qty, 10 ** -spec.qtyScale);
  }

  /** Never below one price step: a listed price is positive. */
  private price(s: SymbolState): number {
    return Math.max(Math.exp(s.logPrice), 10 ** -s.spec.priceScale);
  }

  /** A 20-level book around the mid, deterministic for (seed, symbol, ts). */
  book(symbol: string, ts: number): BookSnapshot {
    const s = this.state(symbol);
    const { spec } = s;
    const rng = createRng(`${this.seed}|book|${symbol}|${ts}`);
    const mid = Math.exp(s.logPrice);
    const tickSize = 10 ** -spec.priceScale;
    // A spread of a few basis points, wider when volatility is high, never under one price step.
    const halfSpread = Math.max(tickSize, mid * (0.0001 + 2 * Math.sqrt(s.variance)) * 0.5);
    // Levels step away from the mid by at least one price step each, so every side is strictly
    // ordered; sizes grow with distance, as resting liquidity does.
    const side = (sign: 1 | -1): [string, string][] => {
      const levels: [string, string][] = [];
      let offset = halfSpread;
      let last: bigint | null = null;
      for (let i = 0; levels.length < BOOK_LEVELS; i += 1) {
        const units = BigInt(Math.round((mid + sign * offset) / tickSize));
        offset += Math.max(tickSize, mid * 0.00005 * (0.5 + rng.next()));
        if (units <= 0n) break; // a bid side that reaches zero simply ends early
        if (last !== null && units === last) continue;
        last = units;
        const qty = spec.typicalQty * (0.3 + 0.15 * i) * Math.exp(0.6 * rng.normal());
        levels.push([
          formatFixed(units, spec.priceScale),
          toScaled(Math.max(qty, 10 ** -spec.qtyScale), spec.qtyScale),
        ]);
      }
      return levels;
    };
    return { symbol, bids: side(-1), asks: side(1), ts };
  }
}
