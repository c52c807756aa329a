// One of the user's plans. Running: live pnl — what it realised plus its positions marked at the
// ticker's last price (quant-math.ts), like /contract's positions — its positions, the stop
// action (online only, confirmed first) and its trades. Ended: how it ended and its booked pnl.
// Renders offline from IndexedDB; the live figures then use the last known prices.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { QuantPlan } from "../../../protocol/quant";
import type { QuantSubscriptionRow } from "../../db/queries/quant";
import type { TickerRow } from "../../db/queries/market";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { QuantCommandError, stopQuantPlan } from "../../sync/quant-commands";
import {
  commandErrorText,
  durationText,
  endReasonLabel,
  OFFLINE_TEXT,
  strategyLabel,
} from "./quant-labels";
import { livePnl, pnlPercent, timeText } from "./quant-math";
import { QuantTrades } from "./quant-trades";

export function QuantPlanItem(props: {
  row: QuantSubscriptionRow;
  plan: QuantPlan | null;
  tickers: ReadonlyMap<string, TickerRow>;
  offline: boolean;
}) {
  const { i18n } = useLingui();
  const { row, plan } = props;
  const locale = i18n.locale;
  const running = row.status === "running";
  const [showTrades, setShowTrades] = useState(false);
  const lastOf = (symbol: string) => props.tickers.get(symbol)?.last ?? null;
  const pnl = running ? livePnl(row, lastOf) : row.pnl;
  const percent = pnlPercent(pnl, row.amount);
  const trend = pnl === null ? "" : pnl.startsWith("-") ? "q-down" : "q-up";
  const name = strategyLabel(i18n, row.strategy);
  const trades = i18n.number(row.trades);
  const term = plan === null ? null : durationText(i18n, plan.durationMinutes);
  return (
    <li
      className="q-card q-quant__plan"
      data-testid={`quant-sub-${row.id}`}
      data-status={row.status}
    >
      <div className="q-quant__head">
        <strong>{name}</strong>
        {term !== null && <span className="q-muted">{term}</span>}
        <span className="q-muted">{i18n.number(row.leverage)}×</span>
        <span className="q-quant__state" data-testid="quant-sub-state">
          {running ? (
            <Trans comment="Quant plan state">Running</Trans>
          ) : (
            endReasonLabel(i18n, row.endReason)
          )}
        </span>
      </div>
      <dl className="q-quant__figures">
        <div>
          <dt>
            {running ? (
              <Trans comment="Quant running plan: pnl now, marked at the last prices">
                PnL now (USDT)
              </Trans>
            ) : (
              <Trans comment="Quant ended plan: the pnl booked at its end">PnL (USDT)</Trans>
            )}
          </dt>
          <dd className={trend} data-testid="quant-sub-pnl">
            {pnl === null ? "—" : formatSignedMoney(pnl, locale)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant plan: pnl / amount in percent">PnL (%)</Trans>
          </dt>
          <dd className={trend}>{percent === null ? "—" : formatSignedMoney(percent, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant plan: the amount put in">Amount (USDT)</Trans>
          </dt>
          <dd data-testid="quant-sub-amount">{formatMoney(row.amount, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant plan: fees paid by its trades">Fees (USDT)</Trans>
          </dt>
          <dd>{formatMoney(row.fees, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant plan: when it started">Started</Trans>
          </dt>
          <dd>{timeText(row.startedAt, locale)}</dd>
        </div>
        <div>
          <dt>
            {running ? (
              <Trans comment="Quant running plan: when it ends at the latest">Ends by</Trans>
            ) : (
              <Trans comment="Quant ended plan: when it ended">Ended</Trans>
            )}
          </dt>
          <dd>{timeText(running ? row.deliveryAt : (row.endedAt ?? row.deliveryAt), locale)}</dd>
        </div>
      </dl>
      {running && <Positions row={row} lastOf={lastOf} />}
      {running && <StopPlan id={row.id} offline={props.offline} />}
      <button
        type="button"
        className="q-button q-button--ghost"
        aria-expanded={showTrades}
        onClick={() => setShowTrades(!showTrades)}
        data-testid="quant-sub-trades-toggle"
      >
        <Trans comment="Quant plan: show or hide its trades; count is how many it made">
          Trades ({trades})
        </Trans>
      </button>
      {showTrades && <QuantTrades subscriptionId={row.id} running={running} />}
    </li>
  );
}

function Positions(props: {
  row: QuantSubscriptionRow;
  lastOf: (symbol: string) => string | null;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  if (props.row.positions.length === 0) {
    return (
      <p className="q-muted" data-testid="quant-sub-flat">
        <Trans comment="Quant running plan: it holds no coins right now">
          No open positions right now: the plan holds USDT.
        </Trans>
      </p>
    );
  }
  return (
    <ul className="q-quant__positions" data-testid="quant-sub-positions">
      {props.row.positions.map((position) => {
        const quantity = formatMoney(position.quantity, locale);
        const average = formatPrice(position.averagePrice, locale);
        const symbol = position.symbol;
        const lastText = props.lastOf(position.symbol);
        const last = lastText === null ? "—" : formatPrice(lastText, locale);
        return (
          <li key={position.symbol}>
            <Trans comment="Quant running plan: a position, its average price and the last price">
              {quantity} {symbol}, bought at {average} on average; last price {last}
            </Trans>
          </li>
        );
      })}
    </ul>
  );
}

function StopPlan(props: { id: string; offline: boolean }) {
  const { i18n, t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setSending(true);
    setError(null);
    try {
      await stopQuantPlan(props.id);
      setConfirming(false);
    } catch (failure) {
      setError(
        failure instanceof QuantCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The plan could not be stopped. Please try again.",
              comment: "A quant stop failed for a reason the app does not know",
            }),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="q-quant__stop">
      {props.offline && (
        <p className="q-notice" role="status" data-testid="quant-stop-blocked">
          {i18n._(OFFLINE_TEXT)}
        </p>
      )}
      {confirming && (
        <p className="q-notice" data-testid="quant-stop-confirm-text">
          <Trans comment="Quant: what stopping a running plan does, before confirming">
            Stopping sells the plan's positions at market now and books what it earned or lost; the
            amount comes back with it.
          </Trans>
        </p>
      )}
      {error !== null && (
        <p className="q-field__error" role="alert" data-testid="quant-stop-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="q-button q-button--danger"
        disabled={props.offline || sending}
        onClick={() => (confirming ? void stop() : setConfirming(true))}
        data-testid={confirming ? "quant-stop-ok" : "quant-stop"}
      >
        {confirming ? (
          <Trans comment="Quant: confirms stopping a running plan">Stop it now</Trans>
        ) : (
          <Trans comment="Quant: stops a running plan (a confirmation follows)">
            Stop the plan
          </Trans>
        )}
      </button>
    </div>
  );
}
