// Re-checks a settled option from what any server serves publicly (DESIGN §1 rule 2): the
// recorded ticks around its window (GET /market/ticks) and the chain head (GET
// /market/ticks/head). Pure and async (WebCrypto's digest), so the app's Verify button and
// `npm run verify -- options` run the same code in the browser and in Node.
//
// It proves, without trusting the server's database:
//   - each served link: hash = sha256("prevHash|seq|price|ts"), seqs consecutive;
//   - the served ticks cover the window: from a linked tick at or before `time` (or the chain's first)
//     through a tick after `expiresAt` (or the head), so no tick of the window is missing;
//   - the head is at or after every served tick (and agrees with the one it names);
//   - the stored entry and exit ticks are exactly the ones the rule picks, buy and sell prices
//     are theirs, and `settleOption` gives the stored result and profit.
// Failures are codes with parameters; the app words them in the user's language.
import { USDT_SCALE } from "./assets";
import { formatUnits, parseUnits } from "./decimal";
import { GENESIS_HASH, type MarketTick, type TicksHead } from "./market";
import { instant, settleOption, type OptionsOrder, type OptionTick } from "./options";

export type TickField = "seq" | "price" | "ts" | "hash";

export type OptionVerifyFailure =
  /** The order has no result yet: nothing to verify. */
  | { kind: "not-settled" }
  /** A stored amount or rate is not a decimal the rule can read. */
  | { kind: "malformed-order"; field: "number" | "fee" | "payoutRate" | "profit" }
  /** expiresAt is not time + seconds. */
  | { kind: "expiry-mismatch"; seconds: number }
  /** A served tick (or the head) belongs to another symbol. */
  | { kind: "wrong-symbol"; seq: string; symbol: string }
  /** The same seq was served twice with different contents. */
  | { kind: "seq-repeated"; seq: string }
  /** A served tick's time is before its predecessor's (a chain's times never go back). */
  | { kind: "ts-backwards"; seq: string }
  /** A link is missing between two served ticks. */
  | { kind: "seq-gap"; afterSeq: string; nextSeq: string }
  /** A served tick's hash is not sha256 of its link. */
  | { kind: "hash-mismatch"; seq: string; served: string; computed: string }
  /**
   * The served ticks do not reach back to a linked (hash-checked) tick at or before `time`, nor
   * to the chain's first tick.
   */
  | { kind: "start-not-covered"; firstSeq: string | null }
  /** The served ticks do not reach past `expiresAt`, nor up to the head. */
  | { kind: "end-not-covered"; lastSeq: string | null; headSeq: string }
  /** The head is older than a served tick. */
  | { kind: "head-behind"; headSeq: string; seq: string }
  /** The head and the served tick of the same seq differ. */
  | { kind: "head-mismatch"; seq: string; field: "ts" | "hash" }
  /** The stored entry or exit tick is not the one the rule picks from the served ticks. */
  | {
      kind: "tick-mismatch";
      tick: "entry" | "exit";
      field: TickField;
      stored: string | null;
      served: string | null;
    }
  /** buyPrice / sellPrice are not the stored entry / exit tick's price. */
  | { kind: "price-mismatch"; price: "buy" | "sell"; stored: string | null; tick: string | null }
  | { kind: "result-mismatch"; stored: string; computed: string }
  | { kind: "profit-mismatch"; stored: string; computed: string };

export type OptionVerifyFailureKind = OptionVerifyFailure["kind"];

/** What checking served ticks' links can find (shared with protocol/contract-verify.ts). */
export type TickLinkFailure = Extract<
  OptionVerifyFailure,
  { kind: "seq-repeated" | "ts-backwards" | "seq-gap" | "hash-mismatch" }
>;
/** Where the link checks put what they find: any failure list that holds TickLinkFailure. */
export interface TickLinkFailures {
  push(failure: TickLinkFailure): unknown;
}

export type OptionVerifyReport =
  | {
      ok: true;
      /** null for a void order (no tick in the window). */
      entrySeq: string | null;
      exitSeq: string | null;
      /** How many served hashes were recomputed and matched. */
      checkedLinks: number;
    }
  | { ok: false; failures: OptionVerifyFailure[] };

export interface OptionVerifyInput {
  order: OptionsOrder;
  /** GET /market/ticks answers around the window (collectOptionTicks), any order. */
  ticks: readonly MarketTick[];
  head: TicksHead;
}

/** Lowercase hex sha256 of the UTF-8 link `prevHash|seq|price|ts` (API.md /market/ticks). */
export async function tickLinkHash(
  prevHash: string,
  seq: string,
  price: string,
  ts: string,
): Promise<string> {
  const bytes = new TextEncoder().encode(`${prevHash}|${seq}|${price}|${ts}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyOptionsOrder(input: OptionVerifyInput): Promise<OptionVerifyReport> {
  const { order, head } = input;
  if (order.result === null) return fail([{ kind: "not-settled" }]);
  const amounts = readAmounts(order);
  if ("failure" in amounts) return fail([amounts.failure]);

  const failures: OptionVerifyFailure[] = [];
  if (instant(order.expiresAt) - instant(order.time) !== order.seconds * 1000) {
    failures.push({ kind: "expiry-mismatch", seconds: order.seconds });
  }
  const ticks = inSeqOrder(input.ticks, failures);
  for (const t of [...ticks, head]) {
    if (t.symbol !== order.symbol)
      failures.push({ kind: "wrong-symbol", seq: t.seq, symbol: t.symbol });
  }
  const checkedLinks = await checkLinks(ticks, failures);
  checkCoverage(order, ticks, head, failures);

  const settled = settleOption(
    { ...amounts, direction: order.direction, time: order.time, expiresAt: order.expiresAt },
    ticks.map(({ seq, price, ts, hash }): OptionTick => ({ seq, price, ts, hash })),
  );
  compareTick("entry", order.entryTick, settled.entry, failures);
  compareTick("exit", order.exitTick, settled.exit, failures);
  if (order.buyPrice !== (order.entryTick?.price ?? null)) {
    failures.push({
      kind: "price-mismatch",
      price: "buy",
      stored: order.buyPrice,
      tick: order.entryTick?.price ?? null,
    });
  }
  if (order.sellPrice !== (order.exitTick?.price ?? null)) {
    failures.push({
      kind: "price-mismatch",
      price: "sell",
      stored: order.sellPrice,
      tick: order.exitTick?.price ?? null,
    });
  }
  if (order.result !== settled.result) {
    failures.push({ kind: "result-mismatch", stored: order.result, computed: settled.result });
  }
  if (amounts.profit !== settled.profit) {
    failures.push({
      kind: "profit-mismatch",
      stored: order.profit ?? "",
      computed: formatUnits(settled.profit, USDT_SCALE),
    });
  }
  if (failures.length > 0) return fail(failures);
  return {
    ok: true,
    entrySeq: settled.entry?.seq ?? null,
    exitSeq: settled.exit?.seq ?? null,
    checkedLinks,
  };
}

const fail = (failures: OptionVerifyFailure[]): OptionVerifyReport => ({ ok: false, failures });

type Amounts = { stake: bigint; fee: bigint; payoutRate: string; profit: bigint };

function readAmounts(order: OptionsOrder): Amounts | { failure: OptionVerifyFailure } {
  const stake = usdtUnits(order.number);
  const fee = usdtUnits(order.fee);
  const profit = usdtUnits(order.profit);
  const malformed = (field: "number" | "fee" | "payoutRate" | "profit") => ({
    failure: { kind: "malformed-order", field } as const,
  });
  if (stake === null) return malformed("number");
  if (fee === null) return malformed("fee");
  if (!/^\d+(\.\d+)?$/.test(order.payoutRate)) return malformed("payoutRate");
  if (profit === null) return malformed("profit");
  return { stake, fee, payoutRate: order.payoutRate, profit };
}

function usdtUnits(value: string | null): bigint | null {
  if (value === null) return null;
  try {
    return parseUnits(value, USDT_SCALE);
  } catch {
    return null;
  }
}

/** Served ticks by seq; an identical repeat (overlapping pages) is dropped, a different one is a failure. */
export function inSeqOrder(
  served: readonly MarketTick[],
  failures: TickLinkFailures,
): MarketTick[] {
  const bySeq = new Map<string, MarketTick>();
  for (const tick of served) {
    const seen = bySeq.get(tick.seq);
    if (seen === undefined) bySeq.set(tick.seq, tick);
    else if (seen.price !== tick.price || seen.ts !== tick.ts || seen.hash !== tick.hash) {
      failures.push({ kind: "seq-repeated", seq: tick.seq });
    }
  }
  return [...bySeq.values()].sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
}

/** Recomputes every link whose predecessor is served (or is the genesis); returns how many. */
export async function checkLinks(
  ticks: readonly MarketTick[],
  failures: TickLinkFailures,
): Promise<number> {
  let checked = 0;
  let prev: MarketTick | null = null;
  for (const tick of ticks) {
    const before = prev;
    prev = tick;
    let prevHash: string;
    if (before === null) {
      if (tick.seq !== "1") continue; // Its predecessor is outside the served range.
      prevHash = GENESIS_HASH;
    } else if (BigInt(tick.seq) !== BigInt(before.seq) + 1n) {
      failures.push({ kind: "seq-gap", afterSeq: before.seq, nextSeq: tick.seq });
      continue;
    } else {
      prevHash = before.hash;
      if (instant(tick.ts) < instant(before.ts))
        failures.push({ kind: "ts-backwards", seq: tick.seq });
    }
    const computed = await tickLinkHash(prevHash, tick.seq, tick.price, tick.ts);
    if (computed !== tick.hash) {
      failures.push({ kind: "hash-mismatch", seq: tick.seq, served: tick.hash, computed });
    } else {
      checked += 1;
    }
  }
  return checked;
}

/** The served range must hold every tick of (time, expiresAt], and the head must not be behind it. */
function checkCoverage(
  order: OptionsOrder,
  ticks: readonly MarketTick[],
  head: TicksHead,
  failures: OptionVerifyFailure[],
): void {
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  // The first served tick's own hash cannot be recomputed (its predecessor is not served) unless
  // it opens the chain; the anchor is the first whose link, and so whose ts, is proven.
  const anchor = first?.seq === "1" ? first : ticks[1];
  if (anchor === undefined || (anchor.seq !== "1" && instant(anchor.ts) > instant(order.time))) {
    failures.push({ kind: "start-not-covered", firstSeq: first?.seq ?? null });
  }
  if (
    last === undefined ||
    (instant(last.ts) <= instant(order.expiresAt) && last.seq !== head.seq)
  ) {
    failures.push({ kind: "end-not-covered", lastSeq: last?.seq ?? null, headSeq: head.seq });
  }
  if (last !== undefined && BigInt(head.seq) < BigInt(last.seq)) {
    failures.push({ kind: "head-behind", headSeq: head.seq, seq: last.seq });
  }
  const named = ticks.find((t) => t.seq === head.seq);
  if (named !== undefined && named.hash !== head.hash) {
    failures.push({ kind: "head-mismatch", seq: head.seq, field: "hash" });
  } else if (named !== undefined && named.ts !== head.ts) {
    failures.push({ kind: "head-mismatch", seq: head.seq, field: "ts" });
  }
}

function compareTick(
  which: "entry" | "exit",
  stored: OptionTick | null,
  served: OptionTick | null,
  failures: OptionVerifyFailure[],
): void {
  for (const field of ["seq", "price", "ts", "hash"] as const) {
    const a = stored?.[field] ?? null;
    const b = served?.[field] ?? null;
    if (a !== b) {
      failures.push({ kind: "tick-mismatch", tick: which, field, stored: a, served: b });
      return; // One field names the difference; the rest would repeat it.
    }
  }
}
