// What came of the order just placed, kept current from IndexedDB (a limit order that fills
// meanwhile says so): filled at which average price, open, or rejected with the server's reason.
import { Trans, useLingui } from "@lingui/react/macro";
import { useSpotOrder, type SpotOrderRow } from "../../db/queries/spot";
import { TradeToast } from "../../ui/trading/trade-toast";
import { baseOf, formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";
import { rejectionText } from "./spot-labels";

function OutcomeText(props: { order: SpotOrderRow }) {
  const { i18n } = useLingui();
  const { order } = props;
  const base = baseOf(order.symbol);
  const filled = formatMoney(order.filled, i18n.locale);
  const fee = formatMoney(order.fee, i18n.locale);
  const average = order.avgPrice === null ? "—" : formatPrice(order.avgPrice, i18n.locale);
  const limit = order.price === null ? "—" : formatPrice(order.price, i18n.locale);
  switch (order.status) {
    case "filled":
      return order.side === 0 ? (
        <Trans>
          Filled: you bought {filled} {base} at an average price of {average} (fee {fee} USDT).
        </Trans>
      ) : (
        <Trans>
          Filled: you sold {filled} {base} at an average price of {average} (fee {fee} USDT).
        </Trans>
      );
    case "open":
      return <Trans>Your limit order is open: it fills when the market reaches {limit}.</Trans>;
    case "cancelled":
      return <Trans>Cancelled: everything frozen for it was returned.</Trans>;
    default: {
      const reason = order.reason === null ? "—" : rejectionText(i18n, order);
      return <Trans>Rejected, nothing was charged: {reason}</Trans>;
    }
  }
}

/** A toast above the tab bar, kept current from IndexedDB while it shows. */
export function SpotOrderOutcome(props: { order: SpotOrderRow; onDismiss: () => void }) {
  const live = useSpotOrder(props.order.userId, props.order.id);
  const order = live.status === "ready" && live.value !== null ? live.value : props.order;
  const tone =
    order.status === "rejected" ? "error" : order.status === "filled" ? "success" : "info";
  return (
    <TradeToast tone={tone} onDismiss={props.onDismiss} testId="spot-outcome" status={order.status}>
      <p>
        <OutcomeText order={order} />
      </p>
    </TradeToast>
  );
}
