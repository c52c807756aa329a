// An order's detail: every fill with its price, quantity and fee, and the market records it used —
// the depth snapshot's seq (GET /market/depth, /ws/depth) and the tick's seq (GET /market/ticks) —
// so anyone can check the fill against the recorded market (DESIGN §1.2).
import { Trans, useLingui } from "@lingui/react/macro";
import type { SpotOrderRow } from "../../db/queries/spot";
import { formatContentDate } from "../../lib/format/format-date";
import { baseOf, formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";
import { rejectionText } from "./spot-labels";

export function SpotOrderDetail(props: { order: SpotOrderRow }) {
  const { i18n } = useLingui();
  const { order } = props;
  const base = baseOf(order.symbol);
  const when = (iso: string | null) =>
    iso === null ? "—" : formatContentDate(iso, i18n.locale, true);
  return (
    <div className="q-spot__detail" data-testid="spot-order-detail" data-id={order.id}>
      <dl className="q-spot__facts">
        <dt>
          <Trans>Order ID</Trans>
        </dt>
        <dd className="q-spot__mono">{order.id}</dd>
        <dt>
          <Trans>Placed</Trans>
        </dt>
        <dd>{when(order.createdAt)}</dd>
        {order.filledAt !== null && (
          <>
            <dt>
              <Trans>Filled</Trans>
            </dt>
            <dd>{when(order.filledAt)}</dd>
          </>
        )}
        {order.cancelledAt !== null && (
          <>
            <dt>
              <Trans>Cancelled</Trans>
            </dt>
            <dd>{when(order.cancelledAt)}</dd>
          </>
        )}
        {order.reason !== null && (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{rejectionText(i18n, order)}</dd>
          </>
        )}
      </dl>
      <h4 className="q-spot__subheading">
        <Trans>Fills</Trans>
      </h4>
      {order.fills.length === 0 ? (
        <p className="q-muted" data-testid="spot-fills-empty">
          <Trans>No fills.</Trans>
        </p>
      ) : (
        <ul className="q-spot__fills" data-testid="spot-fills">
          {order.fills.map((fill, index) => {
            const number = formatMoney(fill.number, i18n.locale);
            const fee = formatMoney(fill.fee, i18n.locale);
            const depthSeq = fill.depthSeq;
            const tickSeq = fill.tickSeq;
            return (
              <li key={`${fill.time}|${index}`} className="q-spot__fill" data-testid="spot-fill">
                <span data-testid="spot-fill-price">{formatPrice(fill.price, i18n.locale)}</span>
                <span data-testid="spot-fill-number">
                  {number} {base}
                </span>
                <span data-testid="spot-fill-fee">
                  <Trans>Fee {fee} USDT</Trans>
                </span>
                <span className="q-muted" data-testid="spot-fill-depth-seq">
                  <Trans>Book snapshot #{depthSeq}</Trans>
                </span>
                <span className="q-muted" data-testid="spot-fill-tick-seq">
                  <Trans>Tick #{tickSeq}</Trans>
                </span>
                <time className="q-muted" dateTime={fill.time}>
                  {when(fill.time)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
