// A plan's trades, newest first, each with the recorded tick it used (sequence number, price,
// time), from IndexedDB; while shown and online the newest page is read again (every 10 s for a
// running plan), so the list stays for offline.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useQuantTrades } from "../../db/queries/quant";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { refreshQuantTrades } from "../../sync/quant-commands";
import { timeText } from "./quant-math";

const RUNNING_REFRESH_MS = 10_000;

export function QuantTrades(props: { subscriptionId: string; running: boolean }) {
  const { i18n } = useLingui();
  const { subscriptionId, running } = props;
  const trades = useQuantTrades(subscriptionId);
  useEffect(() => {
    void refreshQuantTrades(subscriptionId).catch(() => undefined);
    if (!running) return;
    const timer = setInterval(() => {
      void refreshQuantTrades(subscriptionId).catch(() => undefined);
    }, RUNNING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [subscriptionId, running]);
  const rows = trades.status === "ready" ? trades.value : [];
  const locale = i18n.locale;
  if (trades.status === "ready" && rows.length === 0) {
    return (
      <p className="q-muted" data-testid="quant-trades-empty">
        <Trans comment="Quant: a plan that has not traded yet (or whose trades were never read)">
          No trades on this device yet.
        </Trans>
      </p>
    );
  }
  return (
    <ul className="q-quant__trades" data-testid="quant-trades">
      {rows.map((trade) => {
        const price = formatPrice(trade.price, locale);
        const quantity = formatMoney(trade.quantity, locale);
        const fee = formatMoney(trade.fee, locale);
        const seq = trade.tick.seq;
        const symbol = trade.symbol;
        const tickPrice = formatPrice(trade.tick.price, locale);
        const tickTime = timeText(trade.tick.ts, locale, true);
        return (
          <li key={trade.id} data-testid="quant-trade" data-side={trade.side}>
            <strong className={trade.side === "buy" ? "q-up" : "q-down"}>
              {trade.side === "buy" ? (
                <Trans comment="Quant trade side">Buy</Trans>
              ) : (
                <Trans comment="Quant trade side">Sell</Trans>
              )}
            </strong>{" "}
            <span>
              <Trans comment="Quant trade: quantity, market, price and fee">
                {quantity} {symbol} at {price}, fee {fee} USDT
              </Trans>
            </span>
            <span className="q-muted q-quant__tick" data-testid="quant-trade-tick">
              <Trans comment="Quant trade: the recorded tick it used (sequence number, price, time)">
                Tick #{seq}: {tickPrice} at {tickTime}
              </Trans>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
