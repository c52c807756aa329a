// The deposit watcher's block cursor per (chain, token, deposit address), migration 011.
import type { Queryable } from "../db";

export interface DepositScanTarget {
  chainId: number;
  token: string;
  depositAddress: string;
}

const KEY = (t: DepositScanTarget) => [
  t.chainId,
  t.token.toLowerCase(),
  t.depositAddress.toLowerCase(),
];

/** The first block not yet scanned, or null before the first scan. */
export async function readDepositCursor(
  db: Queryable,
  t: DepositScanTarget,
): Promise<bigint | null> {
  const [row] = await db.query<{ next_block: string }>(
    `SELECT next_block::text AS next_block FROM deposit_scan_cursors
      WHERE chain_id = $1 AND token = $2 AND deposit_address = $3`,
    KEY(t),
  );
  return row === undefined ? null : BigInt(row.next_block);
}

/**
 * Stores the cursor. `rewind` allows moving it back (a demo dev chain that restarted from block 0);
 * otherwise it only moves forward, so two watchers racing never re-open scanned blocks.
 */
export async function writeDepositCursor(
  db: Queryable,
  t: DepositScanTarget,
  nextBlock: bigint,
  rewind = false,
): Promise<void> {
  await db.query(
    `INSERT INTO deposit_scan_cursors (chain_id, token, deposit_address, next_block)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (chain_id, token, deposit_address) DO UPDATE
       SET next_block = CASE WHEN $5 THEN excluded.next_block
                             ELSE greatest(deposit_scan_cursors.next_block, excluded.next_block) END,
           updated_at = now()`,
    [...KEY(t), nextBlock.toString(), rewind],
  );
}
