// Re-checks a position a recorded tick closed (liquidation, take-profit, stop-loss) from what any
// server serves publicly (DESIGN §1 rule 2): the order (GET /contract/orders, the change log)
// and every recorded tick of its symbol from its opening tick through its closing tick (GET
// /market/ticks; collectContractTicks pages them). Pure and async (WebCrypto's digest, through
// options-verify.ts's link check), so the app and a CLI run the same code.
//
// It proves, without trusting the server's database:
//   - each served link: hash = sha256("prevHash|seq|price|ts"), seqs consecutive, times forward;
//   - the served ticks run without a gap from the opening tick through the closing tick, and the
//     closing tick is the one the order names (seq, price, ts, hash);
//   - the closing tick is the first after the opening tick at which a trigger fires
//     (protocol/contract.ts triggerAtTick: liquidation, then stop-loss, then take-profit, on the
//     order's stored levels — take-profit and stop-loss only after targetsTickSeq, the tick they
//     were last set at), and it is the trigger the order names;
//   - the close price is that tick's price, and pnl is closeOutcome's at it (a liquidation:
//     exactly −margin).
// Past the tick record's retention (TICK_RETENTION_MS) the server keeps only the opening and
// closing ticks (and the one after each): with `prunedBefore`, a gap in the links that starts
// before that time is not a failure but reported in `pruned`, and everything still served is
// checked as usual (the links it holds, no served tick firing earlier, the closing tick's
// trigger, price and pnl).
import { ASSET_SCALES, isAsset, USDT_SCALE } from "./assets";
import {
  closeOutcome,
  triggerAtTick,
  type ContractOrder,
  type ContractTrigger,
  type PositionTerms,
} from "./contract";
import { formatUnits, parseUnits } from "./decimal";
import type { MarketTick } from "./market";
import { checkLinks, inSeqOrder, type TickLinkFailure } from "./options-verify";
import type { SpotRules } from "./spot-rules";

export type ContractVerifyFailure =
  /** Not a position a tick closed (waiting, open, cancelled or closed by its user). */
  | { kind: "not-triggered"; closeReason: string | null }
  /** A stored amount or price is not a decimal the rules can read. */
  | { kind: "malformed-order"; field: string }
  /** A served tick belongs to another symbol. */
  | { kind: "wrong-symbol"; seq: string; symbol: string }
  | TickLinkFailure
  /** The opening or closing tick is not among the served ticks. */
  | { kind: "tick-missing"; tick: "open" | "close"; seq: string }
  /** The served closing tick differs from the one the order stores. */
  | { kind: "close-tick-mismatch"; field: "price" | "ts" | "hash"; stored: string; served: string }
  /** A tick between opening and closing already fires a trigger. */
  | { kind: "earlier-trigger"; seq: string; trigger: ContractTrigger }
  /** The closing tick fires no trigger, or another one than the order names. */
  | { kind: "trigger-mismatch"; stored: string; computed: ContractTrigger | null }
  | { kind: "price-mismatch"; stored: string; tick: string }
  | { kind: "pnl-mismatch"; stored: string; computed: string };

export type ContractVerifyFailureKind = ContractVerifyFailure["kind"];

/** Ticks missing between two served ones, pruned after the retention (not a failure). */
export interface PrunedLinks {
  afterSeq: string;
  nextSeq: string;
}

export type ContractVerifyReport =
  | {
      ok: true;
      closeSeq: string;
      checkedLinks: number;
      /** Empty: every tick from the opening through the closing one was served and checked. */
      pruned: PrunedLinks[];
    }
  | { ok: false; failures: ContractVerifyFailure[] };

export interface ContractVerifyOptions {
  /**
   * Epoch ms: ticks recorded before it may have been pruned (now − TICK_RETENTION_MS). A seq gap
   * after a served tick older than it is reported in `pruned` instead of failing. Without it
   * every gap fails.
   */
  prunedBefore?: number;
}

const TRIGGERS: readonly string[] = ["liquidation", "take-profit", "stop-loss"];

/**
 * Verifies `order`'s close from `ticks`: every served tick of its symbol from its opening tick
 * (openTickSeq) through its closing tick, any order, repeats allowed; one more before the
 * opening tick lets the opening tick's own link be checked too.
 */
export async function verifyContractClose(
  order: ContractOrder,
  ticks: readonly MarketTick[],
  options: ContractVerifyOptions = {},
): Promise<ContractVerifyReport> {
  const { closeReason, closeTick, openTickSeq } = order;
  if (
    closeReason === null ||
    !TRIGGERS.includes(closeReason) ||
    closeTick === null ||
    openTickSeq === null
  ) {
    return fail([{ kind: "not-triggered", closeReason }]);
  }
  const read = readTerms(order);
  if ("field" in read) return fail([{ kind: "malformed-order", field: read.field }]);
  const { terms, rules, pnl, closePrice } = read;

  const failures: ContractVerifyFailure[] = [];
  const served = inSeqOrder(ticks, failures);
  for (const t of served) {
    if (t.symbol !== order.symbol)
      failures.push({ kind: "wrong-symbol", seq: t.seq, symbol: t.symbol });
  }
  const openSeq = BigInt(openTickSeq);
  const closeSeq = BigInt(closeTick.seq);
  const span = served.filter((t) => BigInt(t.seq) >= openSeq && BigInt(t.seq) <= closeSeq);
  // The tick before the opening one, when served, proves the opening tick's link too.
  const linked = served.filter((t) => BigInt(t.seq) >= openSeq - 1n && BigInt(t.seq) <= closeSeq);
  const linkFailures: ContractVerifyFailure[] = [];
  const checkedLinks = await checkLinks(linked, linkFailures);
  const pruned = prunedGaps(linkFailures, served, options.prunedBefore);
  failures.push(...linkFailures.filter((f) => f.kind !== "seq-gap" || !pruned.includes(f)));
  if (span[0]?.seq !== openTickSeq)
    failures.push({ kind: "tick-missing", tick: "open", seq: openTickSeq });
  const last = span[span.length - 1];
  if (last?.seq !== closeTick.seq) {
    failures.push({ kind: "tick-missing", tick: "close", seq: closeTick.seq });
    return fail(failures);
  }
  for (const field of ["price", "ts", "hash"] as const) {
    if (last[field] !== closeTick[field]) {
      failures.push({
        kind: "close-tick-mismatch",
        field,
        stored: closeTick[field],
        served: last[field],
      });
    }
  }

  // The first tick after the opening one that fires anything must be the closing tick.
  // An order stored before targetsTickSeq existed reads as "set at placing".
  const targetsTickSeq = order.targetsTickSeq ?? null;
  const start = {
    openTickSeq: openSeq,
    targetsTickSeq: targetsTickSeq === null ? null : BigInt(targetsTickSeq),
  };
  for (const t of span) {
    if (BigInt(t.seq) <= openSeq) continue;
    const price = units(t.price, USDT_SCALE);
    const trigger = price === null ? null : triggerAtTick(terms, price, BigInt(t.seq), start);
    if (t.seq === closeTick.seq) {
      if (trigger !== closeReason)
        failures.push({ kind: "trigger-mismatch", stored: closeReason, computed: trigger });
    } else if (trigger !== null) {
      failures.push({ kind: "earlier-trigger", seq: t.seq, trigger });
      break;
    }
  }
  const tickPrice = units(last.price, USDT_SCALE);
  if (tickPrice !== closePrice) {
    failures.push({ kind: "price-mismatch", stored: order.closePrice ?? "", tick: last.price });
  }
  // closeOutcome's pnl does not depend on the fee rate (only the closing fee does).
  const rates = { feeRate: { num: 0n, den: 1n }, mmr: { num: 0n, den: 1n } };
  const computed = closeOutcome(
    terms,
    closePrice,
    closeReason as ContractTrigger,
    rates,
    rules,
  ).pnl;
  if (computed !== pnl) {
    failures.push({
      kind: "pnl-mismatch",
      stored: order.pnl ?? "",
      computed: formatUnits(computed, USDT_SCALE),
    });
  }
  if (failures.length > 0) return fail(failures);
  return {
    ok: true,
    closeSeq: closeTick.seq,
    checkedLinks,
    pruned: pruned.map(({ afterSeq, nextSeq }) => ({ afterSeq, nextSeq })),
  };
}

type SeqGap = Extract<ContractVerifyFailure, { kind: "seq-gap" }>;

/**
 * The seq gaps pruning explains: the served tick before the gap is older than `prunedBefore`, so
 * the missing ones after it may be too. (The tick after a gap can be newer: it is the first one
 * recorded after the last pruned one, or the kept closing tick.)
 */
function prunedGaps(
  failures: readonly ContractVerifyFailure[],
  served: readonly MarketTick[],
  prunedBefore: number | undefined,
): SeqGap[] {
  if (prunedBefore === undefined) return [];
  const tsOf = new Map(served.map((t) => [t.seq, Date.parse(t.ts)]));
  return failures.filter(
    (f): f is SeqGap => f.kind === "seq-gap" && (tsOf.get(f.afterSeq) ?? Infinity) < prunedBefore,
  );
}

const fail = (failures: ContractVerifyFailure[]): ContractVerifyReport => ({ ok: false, failures });

function units(value: string | null, scale: number): bigint | null {
  if (value === null) return null;
  try {
    return parseUnits(value, scale);
  } catch {
    return null;
  }
}

interface Read {
  terms: PositionTerms;
  rules: SpotRules;
  pnl: bigint;
  closePrice: bigint;
}

/** The order's stored terms in units; the first field that does not read, otherwise. */
function readTerms(order: ContractOrder): Read | { field: string } {
  const base = order.symbol.split("/")[0] ?? "";
  if (!isAsset(base)) return { field: "symbol" };
  const baseScale = ASSET_SCALES[base];
  const fields = {
    price: units(order.price, USDT_SCALE),
    quantity: units(order.quantity, baseScale),
    margin: units(order.margin, USDT_SCALE),
    liquidationPrice: units(order.liquidationPrice, USDT_SCALE),
    pnl: units(order.pnl, USDT_SCALE),
    closePrice: units(order.closePrice, USDT_SCALE),
  };
  for (const [field, value] of Object.entries(fields)) if (value === null) return { field };
  const takeProfit = units(order.takeProfit, USDT_SCALE);
  const stopLoss = units(order.stopLoss, USDT_SCALE);
  if (order.takeProfit !== null && takeProfit === null) return { field: "takeProfit" };
  if (order.stopLoss !== null && stopLoss === null) return { field: "stopLoss" };
  const must = (v: bigint | null) => v ?? 0n;
  return {
    terms: {
      direction: order.direction,
      leverage: order.leverage,
      entry: must(fields.price),
      quantity: must(fields.quantity),
      margin: must(fields.margin),
      liquidationPrice: must(fields.liquidationPrice),
      takeProfit,
      stopLoss,
    },
    // Only the base scale prices pnl; the steps play no part in it.
    rules: {
      symbol: order.symbol,
      base,
      priceScale: USDT_SCALE,
      qtyScale: baseScale,
      baseScale,
      priceStep: 1n,
      qtyStep: 1n,
      minQty: 1n,
      minNotional: 0n,
    },
    pnl: must(fields.pnl),
    closePrice: must(fields.closePrice),
  };
}
