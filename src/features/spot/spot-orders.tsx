// The user's spot orders from IndexedDB: the open ones (with cancel) or the finished history,
// of this market or all, newest first. Offline they still show — only cancelling waits.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useSpotOrders, type SpotOrderList } from "../../db/queries/spot";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { SpotOrderItem } from "./spot-order-item";

export function SpotOrders(props: { userId: string | null; symbol: string }) {
  const { t } = useLingui();
  const [list, setList] = useState<SpotOrderList>("open");
  const [thisMarket, setThisMarket] = useState(false);
  const filterId = useId();
  const offline = useOffline();
  const symbol = props.symbol;
  const orders = useSpotOrders(props.userId, list, thisMarket ? symbol : null);
  const tabs: { list: SpotOrderList; label: string }[] = [
    { list: "open", label: t`Open orders` },
    { list: "done", label: t`Order history` },
  ];
  return (
    <section className="q-card q-spot__orders" aria-label={t`My orders`} data-testid="spot-orders">
      <div className="q-tabs" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.list}
            type="button"
            role="tab"
            className="q-tabs__tab"
            aria-selected={list === tab.list}
            onClick={() => setList(tab.list)}
            data-testid={`spot-orders-${tab.list}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <label className="q-spot__filter" htmlFor={filterId}>
        <input
          id={filterId}
          type="checkbox"
          checked={thisMarket}
          onChange={(event) => setThisMarket(event.target.checked)}
          data-testid="spot-orders-this-market"
        />
        <Trans>Only {symbol}</Trans>
      </label>
      {orders.status === "ready" && orders.value.length === 0 && (
        <p className="q-muted" data-testid="spot-orders-empty">
          {list === "open" ? <Trans>No open orders.</Trans> : <Trans>No orders yet.</Trans>}
        </p>
      )}
      {orders.status === "ready" && orders.value.length > 0 && (
        <ul className="q-spot__order-list" data-testid={`spot-orders-list-${list}`}>
          {orders.value.map((order) => (
            <SpotOrderItem key={order.id} order={order} offline={offline} />
          ))}
        </ul>
      )}
    </section>
  );
}
