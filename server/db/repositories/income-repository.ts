// Income sums for GET /assets/overview: the user's signed bill amounts of the given types, per
// UTC day. Bills are append-only, so these sums never change for a past day.
import type { Queryable } from "../db";

export interface IncomeSums {
  /** Units of the asset, signed, as text. */
  today: string;
  yesterday: string;
  total: string;
}

/** Days are UTC calendar days: "today" is from 00:00 UTC, whatever the user's time zone. */
export async function incomeSums(
  db: Queryable,
  q: { userId: string; asset: string; types: readonly number[] },
): Promise<IncomeSums> {
  const [row] = await db.query<IncomeSums>(
    `WITH bounds AS (
       SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS today_start
     )
     SELECT coalesce(sum(b.amount) FILTER (WHERE b.created_at >= bounds.today_start), 0)::text
              AS today,
            coalesce(sum(b.amount) FILTER (
              WHERE b.created_at >= bounds.today_start - interval '1 day'
                AND b.created_at < bounds.today_start), 0)::text AS yesterday,
            coalesce(sum(b.amount), 0)::text AS total
       FROM bills b CROSS JOIN bounds
      WHERE b.user_id = $1 AND b.asset = $2 AND b.type = ANY($3::smallint[])`,
    [q.userId, q.asset, [...q.types]],
  );
  return row ?? { today: "0", yesterday: "0", total: "0" };
}
