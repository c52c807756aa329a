// Pure parsers for the three Binance combined-stream frames Quanta reads. A frame is
// `{"stream":"<symbol>@<kind>","data":{...}}`; each parser checks every field it uses and answers
// either a value at the symbol's scales (scale.ts) or a rejection with its reason. Nothing here
// throws, so a bad frame never escapes the socket handler: the source counts it and goes on.
import type { DepthLevel } from "../../../../protocol/market";
import { formatFixed } from "../../../../protocol/decimal";
import type { SymbolSpec } from "../../symbols";
import type { BookSnapshot, SourceCandle, SourceTick } from "../market-source";
import { EXACT_SCALE, unitsAtScale } from "./scale";
import { binanceSymbol } from "./streams";

/** The book depth Quanta serves (API.md: up to 20 levels a side). */
export const BOOK_LEVELS = 20;
const MINUTE_MS = 60_000;

export type ParsedFrame =
  /** `tradeId` (Binance `L`) tells a new last trade from the same one repeated a second later. */
  | { kind: "tick"; tick: SourceTick; tradeId: number }
  /** `updateId` (Binance `lastUpdateId`) orders books; partial depth carries no time of its own. */
  | { kind: "book"; book: BookSnapshot; updateId: number }
  /** `eventTime` (Binance `E`) orders the updates of one candle. */
  | { kind: "candle"; candle: SourceCandle; eventTime: number }
  /** Well formed but nothing to record (a ticker of a symbol with no trade in 24 h). */
  | { kind: "skipped"; reason: string }
  | { kind: "rejected"; reason: string };

type Rejection = Extract<ParsedFrame, { kind: "rejected" }>;

const reject = (reason: string): Rejection => ({ kind: "rejected", reason });

/** Listed symbols by their lower-case Binance name, as stream names spell them ("btcusdt"). */
export function symbolTable(specs: readonly SymbolSpec[]): ReadonlyMap<string, SymbolSpec> {
  return new Map(specs.map((spec) => [binanceSymbol(spec).toLowerCase(), spec]));
}

/**
 * One websocket text frame. `receivedAt` (epoch ms) becomes the time of a book, since Binance's
 * partial depth has none; ticks and candles keep the exchange's event time.
 */
export function parseFrame(
  text: string,
  table: ReadonlyMap<string, SymbolSpec>,
  receivedAt: number,
): ParsedFrame {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return reject("not JSON");
  }
  if (!isRecord(frame) || typeof frame.stream !== "string" || !isRecord(frame.data)) {
    return reject("not a combined-stream frame {stream, data}");
  }
  const at = frame.stream.indexOf("@");
  const name = frame.stream.slice(0, Math.max(at, 0));
  const kind = frame.stream.slice(at + 1);
  const spec = table.get(name);
  if (at <= 0 || !spec) return reject(`stream "${frame.stream}" is not a listed symbol`);
  if (kind === "ticker") return parseTicker(frame.data, spec);
  if (/^depth20(@100ms|@1000ms)?$/.test(kind)) return parseDepth20(frame.data, spec, receivedAt);
  if (kind === "kline_1m") return parseKline1m(frame.data, spec);
  return reject(`stream "${frame.stream}" is not one Quanta reads`);
}

/** `<symbol>@ticker`: the last trade is price `c`, quantity `Q`, at event time `E`. */
export function parseTicker(data: Record<string, unknown>, spec: SymbolSpec): ParsedFrame {
  if (data.e !== "24hrTicker") return reject('ticker without e = "24hrTicker"');
  if (data.s !== binanceSymbol(spec))
    return reject(`ticker of "${String(data.s)}" on ${spec.symbol}'s stream`);
  const ts = data.E;
  if (!isTime(ts)) return reject("ticker without a valid event time E");
  const tradeId = data.L;
  if (typeof tradeId !== "number" || !Number.isSafeInteger(tradeId) || tradeId < -1) {
    return reject("ticker without a valid last trade id L");
  }
  // Binance reports F = L = -1 for a symbol that has not traded in 24 h: no trade to record.
  if (tradeId === -1) return { kind: "skipped", reason: "no trade in the last 24 h" };
  const price = unitsAtScale(data.c, spec.priceScale);
  if (price === null || price <= 0n) return reject("ticker last price c is not a positive decimal");
  const qty = unitsAtScale(data.Q, spec.qtyScale);
  if (qty === null) return reject("ticker last quantity Q is not a decimal");
  return {
    kind: "tick",
    tick: {
      symbol: spec.symbol,
      price: formatFixed(price, spec.priceScale),
      qty: formatFixed(qty, spec.qtyScale),
      ts,
    },
    tradeId,
  };
}

/**
 * `<symbol>@depth20@100ms`: the top 20 levels a side, best first. Levels whose prices round to
 * the same value at the symbol's scale are merged (quantities added), levels that round to a
 * zero price or quantity are dropped; a side out of order is rejected, not repaired.
 */
export function parseDepth20(
  data: Record<string, unknown>,
  spec: SymbolSpec,
  receivedAt: number,
): ParsedFrame {
  const updateId = data.lastUpdateId;
  if (typeof updateId !== "number" || !Number.isSafeInteger(updateId) || updateId < 0) {
    return reject("depth without a valid lastUpdateId");
  }
  const bids = bookSide(data.bids, spec, "bids");
  if (typeof bids === "string") return reject(bids);
  const asks = bookSide(data.asks, spec, "asks");
  if (typeof asks === "string") return reject(asks);
  return { kind: "book", book: { symbol: spec.symbol, bids, asks, ts: receivedAt }, updateId };
}

/** `<symbol>@kline_1m`: the exchange's candle for the minute `k.t`, `k.x` once it is closed. */
export function parseKline1m(data: Record<string, unknown>, spec: SymbolSpec): ParsedFrame {
  if (data.e !== "kline") return reject('kline without e = "kline"');
  if (data.s !== binanceSymbol(spec))
    return reject(`kline of "${String(data.s)}" on ${spec.symbol}'s stream`);
  const eventTime = data.E;
  if (!isTime(eventTime)) return reject("kline without a valid event time E");
  const k = data.k;
  if (!isRecord(k)) return reject("kline without its candle k");
  if (k.i !== "1m") return reject('kline interval k.i is not "1m"');
  const openTime = k.t;
  if (!isTime(openTime) || openTime % MINUTE_MS !== 0) {
    return reject("kline open time k.t is not a whole minute");
  }
  if (typeof k.x !== "boolean") return reject("kline without its closed flag k.x");
  const prices = (["o", "h", "l", "c"] as const).map((f) => unitsAtScale(k[f], spec.priceScale));
  const [o, h, l, c] = prices;
  if (o == null || h == null || l == null || c == null || prices.some((p) => p === 0n)) {
    return reject("kline prices o, h, l, c are not positive decimals");
  }
  if (l > h || o > h || c > h || o < l || c < l)
    return reject("kline low/high do not hold open and close");
  const v = unitsAtScale(k.v, spec.qtyScale);
  if (v === null) return reject("kline volume k.v is not a decimal");
  const price = (units: bigint) => formatFixed(units, spec.priceScale);
  return {
    kind: "candle",
    candle: {
      symbol: spec.symbol,
      openTime,
      o: price(o),
      h: price(h),
      l: price(l),
      c: price(c),
      v: formatFixed(v, spec.qtyScale),
      closed: k.x,
    },
    eventTime,
  };
}

/** One side of a partial book, or the reason it is unusable. */
function bookSide(raw: unknown, spec: SymbolSpec, side: "bids" | "asks"): DepthLevel[] | string {
  if (!Array.isArray(raw)) return `depth without its ${side} array`;
  const merged: { price: bigint; qty: bigint }[] = [];
  let previous: bigint | null = null;
  for (const level of raw) {
    if (!Array.isArray(level) || level.length < 2) return `depth ${side} level is not [price, qty]`;
    const exact = unitsAtScale(level[0], EXACT_SCALE);
    const price = unitsAtScale(level[0], spec.priceScale);
    const qty = unitsAtScale(level[1], spec.qtyScale);
    if (exact === null || price === null || qty === null) {
      return `depth ${side} level holds a non-decimal price or quantity`;
    }
    // Best first: bids strictly falling, asks strictly rising, as Binance sends them.
    if (previous !== null && (side === "bids" ? exact >= previous : exact <= previous)) {
      return `depth ${side} are not in best-first order`;
    }
    previous = exact;
    const last = merged[merged.length - 1];
    if (last && last.price === price) last.qty += qty;
    else merged.push({ price, qty });
  }
  return merged
    .filter((l) => l.price > 0n && l.qty > 0n)
    .slice(0, BOOK_LEVELS)
    .map((l) => [formatFixed(l.price, spec.priceScale), formatFixed(l.qty, spec.qtyScale)]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Epoch ms after 2017 (Binance opened) and safely an integer. */
function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 1_483_228_800_000;
}
