// Sums signed amounts into today, yesterday and total, with days as calendar days in the user's
// IANA time zone (Intl), so "today" starts at the user's midnight, across DST changes too.

export interface IncomeDays {
  today: bigint;
  yesterday: bigint;
  total: bigint;
}

/** True when `zone` is an IANA time zone name the runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "YYYY-MM-DD" of `at` on the calendar of `zone`. */
export function dayIn(zone: string, at: Date): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The calendar day before `day` ("YYYY-MM-DD"), whatever the zone's clock did that night. */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function sumIncomeDays(
  amounts: readonly { amount: bigint; at: Date }[],
  zone: string,
  now: Date,
): IncomeDays {
  const today = dayIn(zone, now);
  const yesterday = dayBefore(today);
  const days: IncomeDays = { today: 0n, yesterday: 0n, total: 0n };
  for (const { amount, at } of amounts) {
    days.total += amount;
    const day = dayIn(zone, at);
    if (day === today) days.today += amount;
    else if (day === yesterday) days.yesterday += amount;
  }
  return days;
}
