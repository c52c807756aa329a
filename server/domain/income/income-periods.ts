// The summary's periods (GET /assets/summary `income`): today, yesterday, the last 7 and 30
// calendar days (today included) and in total, with days as calendar days in the user's IANA
// zone, like income-days.ts. An amount dated after today (a clock ahead) counts in total only.
import { dayBefore, dayIn } from "./income-days";

export interface IncomePeriods {
  today: bigint;
  yesterday: bigint;
  d7: bigint;
  d30: bigint;
  total: bigint;
}

/** The calendar day `n` days before `day` ("YYYY-MM-DD"). */
export function daysBefore(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

export function sumIncomePeriods(
  amounts: readonly { amount: bigint; at: Date }[],
  zone: string,
  now: Date,
): IncomePeriods {
  const today = dayIn(zone, now);
  const yesterday = dayBefore(today);
  const from7 = daysBefore(today, 6);
  const from30 = daysBefore(today, 29);
  const sums: IncomePeriods = { today: 0n, yesterday: 0n, d7: 0n, d30: 0n, total: 0n };
  for (const { amount, at } of amounts) {
    sums.total += amount;
    const day = dayIn(zone, at);
    // "YYYY-MM-DD" strings compare as the days they name.
    if (day > today) continue;
    if (day === today) sums.today += amount;
    if (day === yesterday) sums.yesterday += amount;
    if (day >= from7) sums.d7 += amount;
    if (day >= from30) sums.d30 += amount;
  }
  return sums;
}

/**
 * The first instant of calendar day `day` in `zone` (its midnight, or where a clock change
 * skipped midnight, the first minute that exists), to the quarter hour every zone's offset is
 * a multiple of today.
 */
export function startOfDay(zone: string, day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const step = 15 * 60_000;
  // Midnight as if the zone were UTC, moved by the zone's offset there: within a clock change.
  const naive = Date.UTC(y, m - 1, d);
  let at = naive - offsetMs(zone, new Date(naive));
  while (dayIn(zone, new Date(at)) >= day) at -= step;
  while (dayIn(zone, new Date(at)) < day) at += step;
  return new Date(at);
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
