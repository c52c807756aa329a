// Which GET /market/ticks pages a verifier needs for one closed position, and the check over
// them: from the tick before the opening tick (its link proves the opening tick's) forward, page
// by page, through the closing tick. Reads are passed in, as for options
// (options-verify-ticks.ts), so the app and a CLI share the walk and protocol stays free of I/O.
import type { ContractOrder } from "./contract";
import {
  verifyContractClose,
  type ContractVerifyOptions,
  type ContractVerifyReport,
} from "./contract-verify";
import type { MarketTick } from "./market";
import { TICKS_PAGE, type TickSource } from "./options-verify-ticks";

/**
 * Every served tick from just before the opening tick through the closing tick. The opening
 * tick is the newest recorded when the position opened, so it is among the newest at or before
 * `openedAt` (a page of them is read back from there); pages overlap on their boundary
 * millisecond, so repeats are dropped by seq; a page that brings nothing new ends the walk (the
 * check then reports what is missing).
 */
export async function collectContractTicks(
  order: Pick<ContractOrder, "symbol" | "openedAt" | "openTickSeq" | "closeTick">,
  read: TickSource["ticks"],
  pageSize: number = TICKS_PAGE,
): Promise<MarketTick[]> {
  const { openedAt, openTickSeq, closeTick } = order;
  if (openedAt === null || openTickSeq === null || closeTick === null) return [];
  const first = BigInt(openTickSeq) - 1n;
  const last = BigInt(closeTick.seq);
  const before = await read({ symbol: order.symbol, to: openedAt, limit: pageSize });
  const collected = before.filter((t) => BigInt(t.seq) >= first && BigInt(t.seq) <= last);
  let from = collected[collected.length - 1]?.ts ?? openedAt;
  for (;;) {
    const page = await read({ symbol: order.symbol, from, limit: pageSize });
    const newest = collected[collected.length - 1];
    const fresh = page.filter(
      (t) => BigInt(t.seq) >= first && (newest === undefined || BigInt(t.seq) > BigInt(newest.seq)),
    );
    for (const tick of fresh) {
      if (BigInt(tick.seq) > last) return collected;
      collected.push(tick);
      if (BigInt(tick.seq) === last) return collected;
    }
    const end = page[page.length - 1];
    if (page.length < pageSize || fresh.length === 0 || end === undefined) return collected;
    from = end.ts;
  }
}

/** Fetches what one closed position needs and checks it. */
export async function checkContractClose(
  order: ContractOrder,
  source: Pick<TickSource, "ticks">,
  pageSize?: number,
  options?: ContractVerifyOptions,
): Promise<ContractVerifyReport> {
  const ticks = await collectContractTicks(order, (q) => source.ticks(q), pageSize);
  return verifyContractClose(order, ticks, options);
}
