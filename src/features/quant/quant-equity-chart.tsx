// An equity curve over uPlot: a backtest's or a walk-forward test's [time, USDT] points, with the
// starting capital dashed. Loaded lazily (uPlot stays out of the route chunk). Values become
// numbers only as plotting coordinates; the figures a person reads are the strings beside it.
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { accentLineOptions, drawDashedLevel } from "../../ui/charts/accent-line-options";
import { readChartTheme, type ChartTheme } from "../../ui/charts/chart-theme";
import { followHost, plotSize } from "../../ui/charts/plot-host";
import "../../ui/charts/charts.css";

export interface EquityChartProps {
  /** [ISO time, equity in USDT] as the result carries them. */
  points: readonly (readonly [string, string])[];
  /** The starting capital, dashed (or null). */
  base: string | null;
  locale: string;
  testId?: string;
}

interface EquityState {
  base: number | null;
  locale: string;
  theme: ChartTheme;
}

/** uPlot's columns: Unix seconds and equity; unreadable points are left out. */
export function equityColumns(points: EquityChartProps["points"]): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [time, value] of points) {
    const at = Date.parse(time);
    const equity = Number(value);
    if (Number.isFinite(at) && Number.isFinite(equity)) {
      xs.push(at / 1000);
      ys.push(equity);
    }
  }
  return [xs, ys];
}

function equityOptions(state: EquityState, size: { width: number; height: number }): uPlot.Options {
  return accentLineOptions(state, size, {
    level: () => state.base,
    priceScale: () => 2,
    draw: (u) => {
      if (state.base !== null) drawDashedLevel(u, state.base, state.theme.text);
    },
  });
}

export function EquityChart(props: EquityChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<EquityState | null>(null);
  const columns = useMemo(() => equityColumns(props.points), [props.points]);

  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: EquityState = { base: null, locale: "en", theme: readChartTheme(element) };
    const u = new uPlot(equityOptions(state, plotSize(element)), [[], []], element);
    uplotRef.current = u;
    stateRef.current = state;
    const unfollowHost = followHost(u, element, state);
    return () => {
      unfollowHost();
      u.destroy();
      uplotRef.current = null;
      stateRef.current = null;
    };
  }, []);

  useEffect(() => {
    const u = uplotRef.current;
    const state = stateRef.current;
    if (u === null || state === null) return;
    state.base = props.base === null ? null : Number(props.base);
    state.locale = props.locale;
    u.setData(columns, true);
  }, [columns, props.base, props.locale]);

  return (
    <div className="q-chart" data-testid={props.testId} data-points={columns[0].length}>
      <div className="q-chart__plot q-quant__plot" ref={plotRef} />
    </div>
  );
}
