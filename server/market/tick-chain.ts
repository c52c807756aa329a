// The tick record's hash chain (API.md /market/ticks): each tick's hash covers the previous one,
// so rewriting any recorded tick changes every later hash and the published head.
import { createHash } from "node:crypto";
import { GENESIS_HASH } from "../../protocol/market";

/** sha256 hex of the UTF-8 string `prevHash|seq|price|ts`; price and ts exactly as served. */
export function tickHash(
  prevHash: string,
  seq: bigint | string,
  price: string,
  ts: string,
): string {
  return createHash("sha256").update(`${prevHash}|${seq}|${price}|${ts}`, "utf8").digest("hex");
}

export interface ChainLink {
  seq: string;
  price: string;
  ts: string;
  hash: string;
}

/**
 * Recomputes a run of consecutive ticks from the hash before the first (64 zeros when the run
 * starts at seq 1). Returns the index of the first tick that does not verify, or -1.
 */
export function firstBrokenLink(links: readonly ChainLink[], prevHash = GENESIS_HASH): number {
  let prev = prevHash;
  let expectedSeq: bigint | null = null;
  for (const [i, link] of links.entries()) {
    const seq = BigInt(link.seq);
    if (expectedSeq !== null && seq !== expectedSeq) return i;
    if (tickHash(prev, seq, link.price, link.ts) !== link.hash) return i;
    prev = link.hash;
    expectedSeq = seq + 1n;
  }
  return -1;
}
