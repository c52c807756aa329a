// The article list's cursor: the last item's (published_at, sort, id), opaque to clients. The
// timestamp is the database's own text with microseconds, so no precision is lost between pages
// and an edit or deletion of that item never breaks the next page.
import type { ArticleCursor } from "../../db/repositories/content-repository";
import { invalid } from "../errors";

const SHAPE =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\|(-?\d{1,10})\|([a-z0-9][a-z0-9-]{0,62})$/;

export function encodeArticleCursor(row: {
  published_key: string;
  sort: number;
  id: string;
}): string {
  return Buffer.from(`${row.published_key}|${row.sort}|${row.id}`, "utf8").toString("base64url");
}

/** null for an absent cursor; 400 VALIDATION for one this server did not give out. */
export function decodeArticleCursor(cursor: string | undefined | null): ArticleCursor | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  const match = /^[A-Za-z0-9_-]{1,200}$/.test(cursor)
    ? SHAPE.exec(Buffer.from(cursor, "base64url").toString("utf8"))
    : null;
  const sort = Number(match?.[2]);
  if (!match?.[1] || !match[3] || !Number.isSafeInteger(sort) || Math.abs(sort) > 2 ** 31 - 1) {
    throw invalid(
      "cursor",
      "format",
      'Invalid querystring: "cursor" must be a nextCursor from an earlier page',
    );
  }
  return { publishedAt: match[1], sort, id: match[3] };
}
