// One order in the open list or the history: side, market, type, price (or average price),
// filled of ordered quantity, time and status; open ones can be cancelled, any can be opened to
// show its fills.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { SpotOrderRow } from "../../db/queries/spot";
import { cancelSpotOrder, SpotCommandError } from "../../sync/spot-commands";
import { formatContentDate } from "../../lib/format/format-date";
import { baseOf, formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";
import { commandErrorText, sideLabel, statusLabel, typeLabel } from "./spot-labels";
import { SpotOrderDetail } from "./spot-order-detail";

export function SpotOrderItem(props: { order: SpotOrderRow; offline: boolean }) {
  const { i18n, t } = useLingui();
  const { order } = props;
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = baseOf(order.symbol);
  const filled = formatMoney(order.filled, i18n.locale);
  const number = formatMoney(order.number, i18n.locale);
  const shownPrice = order.avgPrice ?? order.price;
  const buy = order.side === 0;

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      await cancelSpotOrder(order.id);
    } catch (failure) {
      setError(
        failure instanceof SpotCommandError
          ? commandErrorText(i18n, failure)
          : t`The order could not be cancelled. Please try again.`,
      );
    } finally {
      setCancelling(false);
    }
  };

  return (
    <li
      className="q-spot__order"
      data-testid="spot-order"
      data-id={order.id}
      data-status={order.status}
    >
      <div className="q-spot__order-head">
        <strong className={buy ? "q-up" : "q-down"} data-testid="spot-order-side">
          {i18n._(sideLabel(order.side))}
        </strong>
        <span>{order.symbol}</span>
        <span className="q-muted" data-testid="spot-order-type">
          {i18n._(typeLabel(order.type))}
        </span>
        <span className="q-spot__order-status" data-testid="spot-order-status">
          {i18n._(statusLabel(order.status))}
        </span>
      </div>
      <dl className="q-spot__order-facts">
        <div>
          <dt>{order.avgPrice === null ? <Trans>Price</Trans> : <Trans>Average price</Trans>}</dt>
          <dd data-testid="spot-order-price">
            {shownPrice === null ? "—" : formatPrice(shownPrice, i18n.locale)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Filled / quantity ({base})</Trans>
          </dt>
          <dd data-testid="spot-order-number">
            {filled} / {number}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Time</Trans>
          </dt>
          <dd>
            <time dateTime={order.createdAt}>
              {formatContentDate(order.createdAt, i18n.locale, true)}
            </time>
          </dd>
        </div>
      </dl>
      {error !== null && (
        <p className="q-field__error" role="alert" data-testid="spot-cancel-error">
          {error}
        </p>
      )}
      <div className="q-spot__buttons">
        {order.status === "open" && (
          <button
            type="button"
            className="q-button q-button--ghost"
            disabled={cancelling || props.offline}
            title={props.offline ? t`Cancelling needs a connection to the server.` : undefined}
            onClick={() => void cancel()}
            data-testid="spot-cancel"
          >
            {cancelling ? <Trans>Cancelling…</Trans> : <Trans>Cancel</Trans>}
          </button>
        )}
        <button
          type="button"
          className="q-button q-button--ghost"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="spot-order-toggle"
        >
          {open ? <Trans>Hide details</Trans> : <Trans>Details</Trans>}
        </button>
      </div>
      {open && <SpotOrderDetail order={order} />}
    </li>
  );
}
