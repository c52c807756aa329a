// Cursor pages for operator lists (API.md "Lists"): the cursor is the last item's id, and one
// extra row is read to know whether another page exists without a count query.
import type { ListPage } from "../../../protocol/list";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../protocol/list";

/** `rows` were read with `limit + 1`; answers at most `limit` items and the next cursor. */
export function toPage<Row extends { id: string }, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
): ListPage<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}
