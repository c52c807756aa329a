// What every uPlot chart here does with its host element: take its size, follow it when the
// element resizes, and repaint with the theme's colours when the system switches light/dark.
import type uPlot from "uplot";
import { readChartTheme, watchColorScheme, type ChartTheme } from "./chart-theme";

/** The element's size in whole pixels (uPlot needs at least 1×1). */
export function plotSize(element: HTMLElement): { width: number; height: number } {
  return {
    width: Math.max(1, Math.floor(element.clientWidth)),
    height: Math.max(1, Math.floor(element.clientHeight)),
  };
}

/**
 * Keeps `u` sized to `element` and `state.theme` current; returns the cleanup. The plot reads
 * `state.theme` in its draw hooks, so a scheme change only needs a redraw.
 */
export function followHost(
  u: uPlot,
  element: HTMLElement,
  state: { theme: ChartTheme },
): () => void {
  const resize =
    typeof ResizeObserver === "undefined"
      ? null
      : new ResizeObserver(() => u.setSize(plotSize(element)));
  resize?.observe(element);
  const unwatchScheme = watchColorScheme(() => {
    state.theme = readChartTheme(element);
    u.redraw(false, true);
  });
  return () => {
    unwatchScheme();
    resize?.disconnect();
  };
}
