// Rise/fall options on the wire and their settlement rule (API.md /options/*, bills 311-314;
// DESIGN §1 rule 2 and §6). The rule is one pure function, `settleOption`, used by the server's
// settlement worker and by every verifier (the app's Verify button, `npm run verify -- options`):
// anyone holding the recorded ticks can recompute every result.
//
//   entry = the first recorded tick of the symbol with ts > time
//   exit  = the last recorded tick of the symbol with ts <= expiresAt
//   up wins when exit price > entry price, down when exit price < entry price; equal is a tie
//   win: stake + stake × payoutRate back (312)   tie: stake back (313)   lose: nothing more
//   no tick in (time, expiresAt]: void, stake and fee back (313)
//
// Amounts are USDT units (bigint, scale 6) here and decimal strings on the wire. Profit is a
// credit, rounded down; the fee is a debit, rounded up (DESIGN §5).
import type { Static } from "@sinclair/typebox";
import { compare, divRound, formatUnits, parseUnits } from "./decimal";
import type {
  OptionsOrderAnswer,
  OptionsOrderBody,
  OptionsProductAnswer,
  OptionTickAnswer,
} from "./endpoints/options";

export type OptionDirection = "up" | "down";
export const OPTION_DIRECTIONS: readonly OptionDirection[] = ["up", "down"];

/** null while open; void when the window held no tick (stake and fee returned). */
export type OptionResult = "win" | "lose" | "tie" | "void";

/** A recorded tick, exactly as GET /market/ticks serves it (price and ts as hashed). */
export type OptionTick = Static<typeof OptionTickAnswer>;

/** GET /options/products item. */
export type OptionsProduct = Static<typeof OptionsProductAnswer>;

/** POST /options/orders body. */
export type OptionsOrderRequest = Static<typeof OptionsOrderBody>;

/** An order as POST/GET /options/orders and the change log's "options-order" entity carry it. */
export type OptionsOrder = Static<typeof OptionsOrderAnswer>;

/** The message the seed shows while an option is open (API.md: verbatim). */
export const PREVIOUS_ORDER_OPEN_MESSAGE = "Please complete the previous order first";

/** What an order fixed when it was accepted; everything its settlement needs besides ticks. */
export interface OptionTerms {
  direction: OptionDirection;
  /** USDT units. */
  stake: bigint;
  /** USDT units, paid on top of the stake. */
  fee: bigint;
  /** Profit on a win as a decimal fraction of the stake ("0.85"). */
  payoutRate: string;
  /** ISO-8601 UTC with milliseconds: acceptance time. */
  time: string;
  /** ISO-8601 UTC with milliseconds: time + seconds. */
  expiresAt: string;
}

export type OptionSettlement =
  | {
      result: "win" | "lose" | "tie";
      entry: OptionTick;
      exit: OptionTick;
      /** USDT units: stake × payoutRate, −stake, or 0. */
      profit: bigint;
      /** USDT units credited back at settlement: stake + profit on a win, stake on a tie, 0. */
      returned: bigint;
    }
  | {
      result: "void";
      reason: "no-ticks";
      entry: null;
      exit: null;
      profit: 0n;
      /** Stake and fee. */
      returned: bigint;
    };

/**
 * Settles an order from the symbol's recorded ticks. `ticks` must hold every recorded tick of
 * the symbol with ts in (time, expiresAt] (others are ignored), in any order; the caller knows
 * the record is complete through expiresAt (a later tick is recorded, or the feed was down).
 */
export function settleOption(terms: OptionTerms, ticks: readonly OptionTick[]): OptionSettlement {
  const time = instant(terms.time);
  const expiresAt = instant(terms.expiresAt);
  let entry: OptionTick | null = null;
  let exit: OptionTick | null = null;
  let entrySeq = 0n;
  let exitSeq = 0n;
  const parsed = parsedTicks(ticks);
  for (let i = 0; i < ticks.length; i += 1) {
    const tick = ticks[i] as OptionTick;
    const ts = parsed.ts[i] as number;
    const seq = parsed.seq[i] as bigint;
    if (ts <= time || ts > expiresAt) continue;
    if (entry === null || seq < entrySeq) {
      entry = tick;
      entrySeq = seq;
    }
    if (exit === null || seq > exitSeq) {
      exit = tick;
      exitSeq = seq;
    }
  }
  if (entry === null || exit === null) {
    return {
      result: "void",
      reason: "no-ticks",
      entry: null,
      exit: null,
      profit: 0n,
      returned: terms.stake + terms.fee,
    };
  }
  const move = compare(exit.price, entry.price);
  const result = move === 0 ? "tie" : move > 0 === (terms.direction === "up") ? "win" : "lose";
  const profit =
    result === "win"
      ? optionProfit(terms.stake, terms.payoutRate)
      : result === "lose"
        ? -terms.stake
        : 0n;
  const returned = result === "win" ? terms.stake + profit : result === "tie" ? terms.stake : 0n;
  return { result, entry, exit, profit, returned };
}

interface ParsedTicks {
  /** The run as parsed: each tick object and the texts its numbers were read from. */
  ticks: readonly OptionTick[];
  tsText: string[];
  seqText: string[];
  ts: number[];
  seq: bigint[];
}

/**
 * Each run of ticks' times and seqs, parsed once and reused while the run holds the same tick
 * objects with the same texts: a server batch settles hundreds of orders over one run of a few
 * hundred ticks, and parsing every time again for each order cost seconds. A cache of a pure
 * computation; the results are the same with or without it.
 */
const parsedRuns = new WeakMap<readonly OptionTick[], ParsedTicks>();

function parsedTicks(ticks: readonly OptionTick[]): ParsedTicks {
  const known = parsedRuns.get(ticks);
  if (
    known !== undefined &&
    known.ticks.length === ticks.length &&
    ticks.every(
      (t, i) => t === known.ticks[i] && t.ts === known.tsText[i] && t.seq === known.seqText[i],
    )
  ) {
    return known;
  }
  const parsed: ParsedTicks = {
    ticks: [...ticks],
    tsText: ticks.map((t) => t.ts),
    seqText: ticks.map((t) => t.seq),
    ts: ticks.map((t) => instant(t.ts)),
    seq: ticks.map((t) => BigInt(t.seq)),
  };
  parsedRuns.set(ticks, parsed);
  return parsed;
}

/** What a win earns beyond the stake: stake × payoutRate, rounded down (a credit). */
export function optionProfit(stake: bigint, payoutRate: string): bigint {
  return timesRate(stake, payoutRate, "down");
}

/** The fee on a stake: stake × feeRate, rounded up (a debit). */
export function optionFee(stake: bigint, feeRate: string): bigint {
  return timesRate(stake, feeRate, "up");
}

/**
 * What a 50/50 guess loses on average, as a fraction of the stake: half the time the stake
 * comes back with payoutRate more, half the time it is gone, and the fee is always paid:
 * (1 − payoutRate) / 2 + feeRate. 0.85 and no fee → "0.075" (7.5 %).
 */
export function expectedLossRate(payoutRate: string, feeRate: string): string {
  const scale = Math.max(places(payoutRate), places(feeRate)) + 1;
  const one = 10n ** BigInt(scale);
  const p = parseUnits(payoutRate, scale);
  const f = parseUnits(feeRate, scale);
  return formatUnits(divRound(one - p, 2n, "up") + f, scale);
}

/** Milliseconds of an ISO time; ticks and order times all carry milliseconds and an offset. */
export function instant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new TypeError(`Not an ISO-8601 time: ${JSON.stringify(iso)}`);
  return ms;
}

function timesRate(units: bigint, rate: string, rounding: "up" | "down"): bigint {
  const scale = places(rate);
  return divRound(units * parseUnits(rate, scale), 10n ** BigInt(scale), rounding);
}

function places(decimal: string): number {
  const dot = decimal.indexOf(".");
  return dot === -1 ? 0 : decimal.length - dot - 1;
}
