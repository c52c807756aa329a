// The app's Verify for a position a recorded tick closed (liquidation, take-profit, stop-loss):
// fetches the public tick record from the position's opening tick through the tick that closed
// it, and re-checks the close with the same pure code the server's worker follows
// (protocol/contract-verify.ts: the chain's links, that no earlier tick reached a level, and
// that the named tick did). Online only: the point is to check the server's public record, not
// what this device stored. Nothing is written; the answer is for the screen to show.
import type { ContractOrder } from "../../protocol/contract";
import type { MarketTick } from "../../protocol/market";
import { TICKS_PAGE, type TicksQuery } from "../../protocol/options-verify-ticks";
import { ApiError } from "../api/errors";
import { getTicks } from "../api/market-ticks";
import { verifyContractClose } from "./contract-verify-rule";
import { isOnline } from "./online";

export type ContractVerifyOutcome =
  | { status: "verified"; tickSeq: string; checkedTicks: number }
  /** The verifier's failure codes, as it names them. */
  | { status: "failed"; failures: string[] }
  /** Nothing to verify: no recorded tick closed it (the user closed it, or it is still open). */
  | { status: "not-triggered" }
  | { status: "offline" }
  /** The server answered the reads with an error (its code). */
  | { status: "unavailable"; code: string };

/**
 * Every recorded tick of the symbol from the position's opening tick through the closing tick:
 * the newest two at or before the opening time, then forward page by page (pages overlap on
 * their boundary millisecond, so repeats are dropped by seq).
 */
export async function collectContractTicks(
  order: Pick<ContractOrder, "symbol" | "openedAt" | "time" | "openTickSeq">,
  closeSeq: bigint,
  read: (query: TicksQuery) => Promise<MarketTick[]>,
  pageSize = TICKS_PAGE,
): Promise<MarketTick[]> {
  const symbol = order.symbol;
  const openSeq = order.openTickSeq === null ? null : BigInt(order.openTickSeq);
  const collected = await read({ symbol, to: order.openedAt ?? order.time, limit: 2 });
  let from = collected[collected.length - 1]?.ts ?? order.openedAt ?? order.time;
  for (;;) {
    const page = await read({ symbol, from, limit: pageSize });
    const newest = collected[collected.length - 1];
    const fresh = page.filter((t) => newest === undefined || BigInt(t.seq) > BigInt(newest.seq));
    collected.push(...fresh);
    const last = page[page.length - 1];
    const reached = collected.some((t) => BigInt(t.seq) >= closeSeq);
    if (reached || page.length < pageSize || fresh.length === 0 || last === undefined) break;
    from = last.ts;
  }
  return collected.filter(
    (t) => (openSeq === null || BigInt(t.seq) >= openSeq) && BigInt(t.seq) <= closeSeq,
  );
}

export async function verifyContractOrder(order: ContractOrder): Promise<ContractVerifyOutcome> {
  const tick = order.closeTick;
  if (tick === null || order.state !== 2) return { status: "not-triggered" };
  if (!isOnline()) return { status: "offline" };
  try {
    // Quiet: the Verify result says what went wrong, next to the order.
    const ticks = await collectContractTicks(order, BigInt(tick.seq), (query) =>
      getTicks(query, { quiet: true }),
    );
    const report = await verifyContractClose(order, ticks);
    return report.ok
      ? { status: "verified", tickSeq: tick.seq, checkedTicks: ticks.length }
      : { status: "failed", failures: report.failures.map((failure) => failure.kind) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "NETWORK" || error.code === "TIMEOUT") return { status: "offline" };
    return { status: "unavailable", code: error.code };
  }
}
