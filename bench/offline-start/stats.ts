// Figures of the offline-start bench: medians, spreads and each series' phases.
import type { Timing } from "./probe";

export interface Stats {
  median: number;
  p90: number;
  min: number;
  max: number;
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    median: median(sorted),
    p90: at(0.9) ?? Number.NaN,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function format(s: Stats): string {
  return (
    `median ${s.median.toFixed(0)} ms, p90 ${s.p90.toFixed(0)} ms ` +
    `(min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`
  );
}

/** Median of each phase (of the runs that had it): where the time goes. */
export function phases(series: Timing[]): string {
  const at = (pick: (t: Timing) => number) => {
    const values = series.map(pick).filter((value) => !Number.isNaN(value));
    return values.length === 0 ? "—" : `${stats(values).median.toFixed(0)} ms`;
  };
  const copies = series.filter((t) => !Number.isNaN(t.copy)).length;
  const app = series.some((t) => !Number.isNaN(t.requested));
  return (
    `medians: document ${at((t) => t.document)}, ` +
    (copies > 0 ? `copy painted ${at((t) => t.copy)} (in ${copies}/${series.length} runs), ` : "") +
    (app
      ? `boot asked for catalog+chunks+IndexedDB ${at((t) => t.requested)}, ` +
        `React started ${at((t) => t.render)}, `
      : "") +
    `content in the DOM ${at((t) => t.seen)}, first contentful paint ${at((t) => t.fcp)}, ` +
    `first content ${at((t) => t.firstContent)}` +
    (app ? `, live app's content ${at((t) => t.liveContent)}` : "")
  );
}

export function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
