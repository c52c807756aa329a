// The crosshair's readout: time, open, high, low, close and volume of the hovered candle (the
// newest one when nothing is hovered), digit for digit as stored, grouped for the locale.
import { useLingui } from "@lingui/react/macro";
import { parseServerTime } from "../../lib/time";
import { legendTime } from "./axis-labels";
import type { CandleInput } from "./candle-data";
import { legendNumber } from "./legend-number";

export function CandleLegend(props: {
  candle: CandleInput | undefined;
  rising: boolean;
  /** True while the pointer is on a candle; false when the legend shows the newest one. */
  hovering: boolean;
}) {
  const { t, i18n } = useLingui();
  const { candle } = props;
  if (candle === undefined) {
    return (
      <p className="q-chart__legend q-muted" data-testid="chart-legend" data-empty="true">
        —
      </p>
    );
  }
  const fields = [
    {
      key: "o",
      abbr: t({ message: "O", comment: "Chart legend: one-letter label of the open price" }),
      name: t`Open`,
      value: candle.o,
    },
    {
      key: "h",
      abbr: t({ message: "H", comment: "Chart legend: one-letter label of the high price" }),
      name: t`High`,
      value: candle.h,
    },
    {
      key: "l",
      abbr: t({ message: "L", comment: "Chart legend: one-letter label of the low price" }),
      name: t`Low`,
      value: candle.l,
    },
    {
      key: "c",
      abbr: t({ message: "C", comment: "Chart legend: one-letter label of the close price" }),
      name: t({ message: "Close", context: "Candle close price" }),
      value: candle.c,
    },
    {
      key: "v",
      abbr: t({ message: "V", comment: "Chart legend: one-letter label of the volume" }),
      name: t`Volume`,
      value: candle.v,
    },
  ];
  const opened = parseServerTime(candle.openTime);
  return (
    <dl
      className="q-chart__legend"
      data-testid="chart-legend"
      data-open-time={candle.openTime}
      data-hovering={props.hovering ? "true" : "false"}
    >
      <div className="q-chart__legend-time">
        <dt className="q-visually-hidden">{t`Time`}</dt>
        <dd>
          <time dateTime={opened.toISOString()}>{legendTime(opened, i18n.locale)}</time>
        </dd>
      </div>
      {fields.map((field) => (
        <div key={field.key} className="q-chart__legend-item">
          <dt>
            <abbr title={field.name}>{field.abbr}</abbr>
          </dt>
          <dd
            className={field.key === "v" ? undefined : props.rising ? "q-up" : "q-down"}
            data-testid={`chart-legend-${field.key}`}
          >
            {legendNumber(field.value, i18n.locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
