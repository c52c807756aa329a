// The candle interval tabs (1m … 1d). A WAI-ARIA tablist: arrow keys move between tabs.
import { useLingui } from "@lingui/react/macro";
import type { KeyboardEvent } from "react";
import { KLINE_INTERVALS, type KlineInterval } from "../../../protocol";
import "./interval-switcher.css";

export interface IntervalSwitcherProps {
  value: KlineInterval;
  onChange: (interval: KlineInterval) => void;
  /** Defaults to every interval the feed serves. */
  intervals?: readonly KlineInterval[];
  /** Id of the tabpanel (the chart) the tabs control. */
  controls?: string;
}

function useIntervalNames(): Record<KlineInterval, { short: string; long: string }> {
  const { t } = useLingui();
  return {
    "1m": {
      short: t({ message: "1m", comment: "Chart interval tab: one minute" }),
      long: t`1 minute`,
    },
    "5m": {
      short: t({ message: "5m", comment: "Chart interval tab: five minutes" }),
      long: t`5 minutes`,
    },
    "15m": {
      short: t({ message: "15m", comment: "Chart interval tab: 15 minutes" }),
      long: t`15 minutes`,
    },
    "1h": { short: t({ message: "1h", comment: "Chart interval tab: one hour" }), long: t`1 hour` },
    "4h": {
      short: t({ message: "4h", comment: "Chart interval tab: four hours" }),
      long: t`4 hours`,
    },
    "1d": { short: t({ message: "1d", comment: "Chart interval tab: one day" }), long: t`1 day` },
  };
}

export function IntervalSwitcher(props: IntervalSwitcherProps) {
  const { t } = useLingui();
  const names = useIntervalNames();
  const intervals = props.intervals ?? KLINE_INTERVALS;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = intervals.indexOf(props.value);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: intervals.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = intervals[(target + intervals.length) % intervals.length];
    if (next === undefined) return;
    props.onChange(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-testid="interval-${next}"]`)?.focus();
  };

  return (
    <div
      className="q-tabs q-chart__intervals"
      role="tablist"
      aria-label={t`Candle interval`}
      onKeyDown={onKeyDown}
    >
      {intervals.map((interval) => {
        const selected = interval === props.value;
        return (
          <button
            key={interval}
            type="button"
            role="tab"
            className="q-tabs__tab"
            aria-selected={selected}
            aria-controls={props.controls}
            title={names[interval].long}
            tabIndex={selected ? 0 : -1}
            data-testid={`interval-${interval}`}
            onClick={() => props.onChange(interval)}
          >
            {names[interval].short}
          </button>
        );
      })}
    </div>
  );
}
