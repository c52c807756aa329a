// Axis labels in the user's language and time zone. Axis ticks are positions on the plot, not
// prices anyone pays, so they are formatted from numbers; what a person reads as a price (the
// legend) is the original decimal string.
import { formatDateTime } from "../../lib/time";
import { intlLocale } from "../../lib/intl-locale";

const DAY_SECONDS = 86_400;

/** Calendar day of a time in a zone, to spot where the day changes between ticks. */
function dayKey(date: Date, locale: string, timeZone: string | undefined): string {
  return formatDateTime(date, locale, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    timeZone,
  });
}

/**
 * Labels for time ticks (Unix seconds) `increment` seconds apart: dates ("Mar 5") for steps of a
 * day or more; otherwise times ("14:30"), with the date on a second line under the first tick
 * and wherever the day changes. `null` ticks (filtered out) get an empty label.
 */
export function timeAxisLabels(
  ticks: readonly (number | null)[],
  increment: number,
  locale: string,
  timeZone?: string,
): string[] {
  let previousDay: string | null = null;
  return ticks.map((tick) => {
    if (tick === null) return "";
    const date = new Date(tick * 1000);
    if (increment >= DAY_SECONDS) {
      return formatDateTime(date, locale, { month: "short", day: "numeric", timeZone });
    }
    const time = formatDateTime(date, locale, { hour: "2-digit", minute: "2-digit", timeZone });
    const day = dayKey(date, locale, timeZone);
    const showDay = day !== previousDay;
    previousDay = day;
    if (!showDay) return time;
    return `${time}\n${formatDateTime(date, locale, { month: "short", day: "numeric", timeZone })}`;
  });
}

/**
 * Decimals for price ticks `increment` apart: as many as the step needs, never more than the
 * symbol's price scale (ticks 500 apart on BTC need none, 0.25 apart need 2, 0.0005 apart need 4).
 */
export function priceAxisDecimals(increment: number, priceScale: number): number {
  if (!(increment > 0) || !Number.isFinite(increment)) return priceScale;
  for (let decimals = 0; decimals < priceScale; decimals++) {
    const scaled = increment * 10 ** decimals;
    // Relative tolerance: 0.1 is stored as 0.1000000000000000055, which is "1 decimal".
    if (Math.abs(scaled - Math.round(scaled)) <= scaled * 1e-9) return decimals;
  }
  return priceScale;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Price tick labels with the locale's separators; `null` ticks get an empty label. */
export function priceAxisLabels(
  ticks: readonly (number | null)[],
  increment: number,
  priceScale: number,
  locale: string,
): string[] {
  const decimals = priceAxisDecimals(increment, priceScale);
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  const nf = format;
  return ticks.map((tick) => (tick === null ? "" : nf.format(tick)));
}

/**
 * A candle's open time for the legend: date and time in the user's zone, also for daily candles
 * (they open at 00:00 UTC, which is another calendar day in much of the world).
 */
export function legendTime(openTime: Date, locale: string, timeZone?: string): string {
  return formatDateTime(openTime, locale, { dateStyle: "medium", timeStyle: "short", timeZone });
}
