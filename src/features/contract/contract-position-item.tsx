// One open position: direction, market and leverage; live pnl and ROE at the ticker's last price,
// the margin, entry, liquidation price and margin ratio; a bar of how far the price has gone
// toward the liquidation price; and the close and take-profit/stop-loss actions (online only).
// It renders offline from IndexedDB; the live figures then use the last known price.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ContractOrderRow } from "../../db/queries/contract";
import { useTicker } from "../../db/queries/market";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { ContractItemHead } from "./contract-item-head";
import { ContractCloseSheet } from "./contract-close-sheet";
import { priceUnits, usdtString, type ContractTerms } from "./contract-math";
import { ContractTargetsSheet } from "./contract-targets-sheet";
import { positionFigures } from "./position-figures";

export function ContractPositionItem(props: {
  order: ContractOrderRow;
  terms: ContractTerms | null;
  offline: boolean;
}) {
  const { i18n, t } = useLingui();
  const { order, terms } = props;
  const locale = i18n.locale;
  const [sheet, setSheet] = useState<"close" | "targets" | null>(null);
  const tickerRow = useTicker(order.symbol);
  const lastText = tickerRow.status === "ready" ? (tickerRow.value?.last ?? null) : null;
  const last = priceUnits(lastText);
  const figures = last === null || terms === null ? null : positionFigures(order, last, terms);
  const pnl = figures === null ? "—" : formatSignedMoney(usdtString(figures.pnl), locale);
  const roe = figures === null ? "—" : formatSignedMoney(figures.roePercent, locale);
  const none = t({ message: "none", comment: "Contract position: no take-profit or stop-loss" });
  const needsConnection = t({
    message: "This needs a connection to the server.",
    comment: "Contract position: why close and targets are disabled offline",
  });
  const trend = figures === null ? "" : figures.pnl >= 0n ? "q-up" : "q-down";
  return (
    <li
      className="q-contract__item"
      data-testid={`contract-position-${order.id}`}
      data-id={order.id}
    >
      <ContractItemHead order={order} />
      <dl className="q-contract__item-facts">
        <div>
          <dt>
            <Trans comment="Contract position: unrealised profit or loss at the last price">
              PnL (USDT)
            </Trans>
          </dt>
          <dd className={trend} data-testid="contract-position-pnl">
            {pnl}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: return on equity, pnl / margin, in percent">
              ROE (%)
            </Trans>
          </dt>
          <dd className={trend} data-testid="contract-position-roe">
            {roe}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: the USDT frozen for it">Margin (USDT)</Trans>
          </dt>
          <dd data-testid="contract-position-margin">{formatMoney(order.margin, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: the price it opened at">Entry price</Trans>
          </dt>
          <dd data-testid="contract-position-entry">{formatPrice(order.price, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: the market's last price now">Last price</Trans>
          </dt>
          <dd data-testid="contract-position-last">
            {lastText === null ? "—" : formatPrice(lastText, locale)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: the price at which its whole margin is lost">
              Liquidation price
            </Trans>
          </dt>
          <dd data-testid="contract-position-liquidation">
            {formatPrice(order.liquidationPrice, locale)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: quantity of the base coin">Quantity</Trans>
          </dt>
          <dd data-testid="contract-position-quantity">{formatMoney(order.quantity, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: maintenance margin / (margin + pnl); 100 % at the liquidation price">
              Margin ratio (%)
            </Trans>
          </dt>
          <dd data-testid="contract-position-margin-ratio">
            {figures === null ? "—" : formatMoney(figures.marginRatioPercent, locale)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="Contract position: its take-profit and stop-loss prices">
              Take-profit / stop-loss
            </Trans>
          </dt>
          <dd data-testid="contract-position-levels">
            {order.takeProfit === null ? none : formatPrice(order.takeProfit, locale)} /{" "}
            {order.stopLoss === null ? none : formatPrice(order.stopLoss, locale)}
          </dd>
        </div>
      </dl>
      <LiquidationDistance
        used={figures?.used ?? null}
        percent={figures === null ? null : formatMoney(figures.distancePercent, locale)}
      />
      <div className="q-contract__buttons">
        <button
          type="button"
          className="q-button"
          disabled={props.offline}
          title={props.offline ? needsConnection : undefined}
          onClick={() => setSheet("close")}
          data-testid="contract-position-close"
        >
          <Trans comment="Contract position: close it at market (a confirm sheet follows)">
            Close
          </Trans>
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={props.offline}
          title={props.offline ? needsConnection : undefined}
          onClick={() => setSheet("targets")}
          data-testid="contract-position-targets"
        >
          <Trans comment="Contract position: edit its take-profit and stop-loss">TP / SL</Trans>
        </button>
      </div>
      {sheet === "close" && (
        <ContractCloseSheet
          order={order}
          last={last}
          terms={terms}
          offline={props.offline}
          onDone={() => setSheet(null)}
        />
      )}
      {sheet === "targets" && (
        <ContractTargetsSheet order={order} terms={terms} onDone={() => setSheet(null)} />
      )}
    </li>
  );
}

/** "4.2 % from liquidation" over a bar filled as far as the price has gone toward it. */
function LiquidationDistance(props: { used: number | null; percent: string | null }) {
  const { percent, used } = props;
  const filled = used === null ? 0 : Math.round(used * 100);
  return (
    <div className="q-contract__distance" data-testid="contract-position-distance">
      <div
        className="q-contract__distance-bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={filled}
        aria-label={percent ?? undefined}
      >
        <span
          className={filled >= 80 ? "q-contract__distance-fill--near" : "q-contract__distance-fill"}
          style={{ width: `${filled}%` }}
        />
      </div>
      <span className="q-muted">
        {percent === null ? (
          <Trans comment="Contract position: the distance to liquidation cannot be computed yet">
            Distance to liquidation: waiting for a price.
          </Trans>
        ) : (
          <Trans comment="Contract position: how far the last price is from the liquidation price; percent like 4.2">
            {percent} % from the liquidation price
          </Trans>
        )}
      </span>
    </div>
  );
}
