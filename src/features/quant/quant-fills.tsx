// A backtest's simulated fills (time, side, quantity, price, fee), newest last as the result
// lists them, folded away under their count: a month of 1m candles can hold hundreds.
import { Trans, useLingui } from "@lingui/react/macro";
import type { QuantBacktestResult } from "../../../protocol/quant";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { timeText } from "./quant-math";

export function QuantFills(props: { fills: QuantBacktestResult["fills"] }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const count = i18n.number(props.fills.length);
  return (
    <details className="q-quant__assumptions" data-testid="quant-fills">
      <summary>
        <Trans comment="Quant backtest: the simulated fills, folded; count is how many">
          Simulated fills ({count})
        </Trans>
      </summary>
      <ul className="q-quant__trades">
        {props.fills.map((fill, index) => {
          const time = timeText(fill.time, locale);
          const quantity = formatMoney(fill.quantity, locale);
          const price = formatPrice(fill.price, locale);
          const fee = formatMoney(fill.fee, locale);
          return (
            <li key={`${fill.time}-${index}`} data-side={fill.side}>
              <strong className={fill.side === "buy" ? "q-up" : "q-down"}>
                {fill.side === "buy" ? (
                  <Trans comment="Quant trade side">Buy</Trans>
                ) : (
                  <Trans comment="Quant trade side">Sell</Trans>
                )}
              </strong>{" "}
              <span>
                <Trans comment="Quant backtest fill: time, quantity, price and fee">
                  {time}: {quantity} at {price}, fee {fee} USDT
                </Trans>
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
