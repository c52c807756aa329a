// GET /sync: one page of the user's change log after the client's cursor (protocol/sync.ts).
// The cursor is the seq of the last entry the client applied; superseded entries are skipped,
// so a client starting from nothing gets each entity's current state once.
import { SYNC_PAGE_LIMIT, type SyncChange, type SyncPage } from "../../../protocol/sync";
import type { Db } from "../../db/db";
import {
  changeHead,
  changesAfter,
  type ChangeRow,
} from "../../db/repositories/change-log-repository";
import { DomainError } from "../errors";
import { ensureBaseline } from "./baseline";

/** Said when the cursor is beyond the user's newest entry: the device synced with another
 * database (a reset demo, another server), and must start again from an empty cursor. */
export const CURSOR_AHEAD = "cursor is ahead of this account's change log";

// bigint seqs; 18 digits can never overflow the column type.
const CURSOR = /^(?:0|[1-9][0-9]{0,17})$/;

export async function readSyncPage(
  db: Db,
  userId: string,
  rawCursor: string | undefined,
  limit = SYNC_PAGE_LIMIT,
): Promise<SyncPage> {
  const cursor = rawCursor === undefined || rawCursor === "" ? "0" : rawCursor;
  if (!CURSOR.test(cursor)) {
    throw invalid(
      '"cursor" must be the cursor of your last /sync page (a non-negative integer), or empty to start from the beginning',
    );
  }
  let head = await changeHead(db, userId);
  // Checked before a baseline is written, so a bad cursor changes nothing: with no log yet,
  // any cursor above 0 came from another database.
  if (BigInt(cursor) > BigInt(head ?? "0")) {
    throw invalid(
      `${CURSOR_AHEAD} (newest entry ${head ?? "0"}); start again from an empty cursor`,
    );
  }
  head ??= await ensureBaseline(db, userId);
  const rows = head === null ? [] : await changesAfter(db, userId, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const changes = page.map(toSyncChange);
  return { changes, cursor: page.at(-1)?.seq ?? cursor, hasMore: rows.length > limit };
}

/** A stored entry as the wire carries it. */
function toSyncChange(row: ChangeRow): SyncChange {
  // Every row was written by appendChange, whose input is a SyncChange: the entity and its data
  // were paired when stored, and the database keeps them as written.
  return {
    entity: row.entity,
    id: row.entity_id,
    op: row.op,
    data: row.op === "delete" ? null : row.data,
  } as SyncChange;
}

function invalid(detail: string): DomainError {
  return new DomainError("VALIDATION", { field: "cursor" }, `Invalid query: ${detail}`);
}
