// The Summary tab's equity curve over uPlot: one point per calendar day (the server's
// [YYYY-MM-DD, USDT] pairs). Loaded lazily, so uPlot stays out of /my's route chunk. Values become
// numbers only as plotting coordinates; the figures a person reads are the strings beside it.
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { accentLineOptions } from "../../ui/charts/accent-line-options";
import { readChartTheme, type ChartTheme } from "../../ui/charts/chart-theme";
import { followHost, plotSize } from "../../ui/charts/plot-host";
import "../../ui/charts/charts.css";
import { summaryColumns, type EquityPoint } from "./summary-equity-data";

export interface SummaryEquityChartProps {
  /** [day "YYYY-MM-DD", equity in USDT], oldest first. */
  points: readonly EquityPoint[];
  locale: string;
}

interface ChartState {
  locale: string;
  theme: ChartTheme;
}

export function SummaryEquityChart(props: SummaryEquityChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<ChartState | null>(null);
  const columns = useMemo(() => summaryColumns(props.points), [props.points]);

  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: ChartState = { locale: "en", theme: readChartTheme(element) };
    const options = accentLineOptions(state, plotSize(element), {
      level: () => null,
      priceScale: () => 2,
      draw: () => undefined,
    });
    const u = new uPlot(options, [[], []], element);
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
    state.locale = props.locale;
    u.setData(columns, true);
  }, [columns, props.locale]);

  return (
    <div className="q-chart" data-testid="my-equity-chart" data-points={columns[0].length}>
      <div className="q-chart__plot q-my__equity-plot" ref={plotRef} />
    </div>
  );
}
