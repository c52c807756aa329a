// The market part of config.ts: which feed runs (MARKET_SOURCE) and how the simulated one and
// the Binance adapter are set up. Problems are collected like every other config section.
import type { QuantaMode } from "../../protocol/health";
import { DEFAULT_BINANCE_STREAM_URL } from "./sources/binance/streams";

export interface MarketConfig {
  /**
   * `simulated` is the demo feed (DESIGN §4), the default in demo; `binance` reads Binance's
   * public market streams, the default (and the only choice) in production.
   */
  source: "simulated" | "binance";
  /** Seed of the simulated feed: the same seed replays the same market. */
  seed: string;
  /** Simulated steps per second per symbol, 1..10. */
  ticksPerSecond: number;
  /** Days of 1m candles the simulated feed backfills into a fresh database. */
  backfillDays: number;
  /** Binance's combined-stream endpoint, before `?streams=` (MARKET_BINANCE_URL: tests, proxies). */
  binanceUrl: string;
}

export function parseMarketConfig(
  read: (name: string) => string | undefined,
  mode: QuantaMode,
  problems: string[],
): MarketConfig {
  const source = read("MARKET_SOURCE");
  if (source !== undefined && source !== "simulated" && source !== "binance") {
    problems.push(`MARKET_SOURCE must be "simulated" or "binance" (got "${source}")`);
  } else if (source === "simulated" && mode === "production") {
    // DESIGN §1.5: a simulated market never prices real money.
    problems.push(
      "MARKET_SOURCE=simulated is demo only; it cannot run with QUANTA_MODE=production",
    );
  }
  const intIn = (name: string, min: number, max: number, fallback: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (n >= min && n <= max) return n;
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
    return fallback;
  };
  return {
    source:
      source === "binance" || (source === undefined && mode === "production")
        ? "binance"
        : "simulated",
    seed: read("MARKET_SEED") ?? "quanta-demo",
    ticksPerSecond: intIn("MARKET_TICKS_PER_SECOND", 1, 10, 1),
    backfillDays: intIn("MARKET_BACKFILL_DAYS", 0, 365, 30),
    binanceUrl: parseStreamUrl(read("MARKET_BINANCE_URL"), problems),
  };
}

/** A ws:// or wss:// endpoint without query or fragment: the source appends `?streams=`. */
function parseStreamUrl(value: string | undefined, problems: string[]): string {
  if (value === undefined) return DEFAULT_BINANCE_STREAM_URL;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "ws:" || url.protocol === "wss:") && !/[?#]/.test(value)) {
    return value.replace(/\/+$/, "");
  }
  problems.push(
    `MARKET_BINANCE_URL must be a ws:// or wss:// URL without a query, like ${DEFAULT_BINANCE_STREAM_URL} (got "${value}")`,
  );
  return DEFAULT_BINANCE_STREAM_URL;
}
