// One clock for every process of the feed benchmark: epoch milliseconds with sub-millisecond
// resolution. performance.timeOrigin + performance.now() reads the same system clock in every
// process on this machine, so a publish time taken in the server and a receive time taken in a
// client subtract to the delivery latency.
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The topic seq of a frame without parsing it: `"seq":<digits>` (tickers' own seqs are quoted). */
const SEQ = /"seq":(\d+)/;

export function frameSeq(frame: string): number | null {
  const match = SEQ.exec(frame);
  return match ? Number(match[1]) : null;
}
