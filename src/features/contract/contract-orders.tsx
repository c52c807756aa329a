// The user's contract orders from IndexedDB, in three tabs: open positions (live pnl, close,
// take-profit/stop-loss), waiting limit orders (cancel) and the completed history (with the
// closing tick and Verify). Offline they still render; only the actions wait for a connection.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import {
  CONTRACT_STATE,
  type ContractConfig,
  type ContractState,
} from "../../../protocol/contract";
import type { SpotConfig } from "../../../protocol/spot";
import { useContractOrders } from "../../db/queries/contract";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { ContractHistoryItem } from "./contract-history-item";
import { termsOf } from "./contract-math";
import { ContractPositionItem } from "./contract-position-item";
import { ContractWaitingItem } from "./contract-waiting-item";

type Tab = "positions" | "waiting" | "history";

const STATE_OF: Record<Tab, ContractState> = {
  positions: CONTRACT_STATE.position,
  waiting: CONTRACT_STATE.waiting,
  history: CONTRACT_STATE.completed,
};

export function ContractOrders(props: {
  userId: string | null;
  config: ContractConfig | null;
  spotConfig: SpotConfig | null;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>("positions");
  const offline = useOffline();
  const orders = useContractOrders(props.userId, STATE_OF[tab]);
  const termsFor = (symbol: string) =>
    termsOf(props.config, props.spotConfig?.symbols.find((r) => r.symbol === symbol) ?? null);
  const tabs: { tab: Tab; label: string }[] = [
    {
      tab: "positions",
      label: t({ message: "Positions", comment: "Contract: tab of open positions" }),
    },
    {
      tab: "waiting",
      label: t({ message: "Waiting orders", comment: "Contract: tab of waiting limit orders" }),
    },
    {
      tab: "history",
      label: t({ message: "History", comment: "Contract: tab of completed orders" }),
    },
  ];
  const rows = orders.status === "ready" ? orders.value : [];
  return (
    <section
      className="q-card q-contract__orders"
      aria-label={t({
        message: "My contract orders",
        comment: "Contract: the lists' name for screen readers",
      })}
      data-testid="contract-orders"
    >
      <div className="q-tabs" role="tablist">
        {tabs.map((item) => (
          <button
            key={item.tab}
            type="button"
            role="tab"
            className="q-tabs__tab"
            aria-selected={tab === item.tab}
            onClick={() => setTab(item.tab)}
            data-testid={`contract-tab-${item.tab}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      {orders.status === "error" && (
        <p className="q-muted">
          <Trans comment="Contract: the local database could not be read">
            Your orders could not be read on this device.
          </Trans>
        </p>
      )}
      {orders.status === "ready" && rows.length === 0 && (
        <p className="q-muted" data-testid="contract-orders-empty">
          <EmptyText tab={tab} />
        </p>
      )}
      {rows.length > 0 && (
        <ul className="q-contract__list" data-testid={`contract-list-${tab}`}>
          {rows.map((order): ReactNode => {
            if (tab === "positions") {
              return (
                <ContractPositionItem
                  key={order.id}
                  order={order}
                  terms={termsFor(order.symbol)}
                  offline={offline}
                />
              );
            }
            if (tab === "waiting") {
              return <ContractWaitingItem key={order.id} order={order} offline={offline} />;
            }
            return <ContractHistoryItem key={order.id} order={order} />;
          })}
        </ul>
      )}
    </section>
  );
}

function EmptyText(props: { tab: Tab }) {
  switch (props.tab) {
    case "positions":
      return <Trans comment="Contract: no open positions">No open positions.</Trans>;
    case "waiting":
      return <Trans comment="Contract: no waiting limit orders">No waiting orders.</Trans>;
    default:
      return <Trans comment="Contract: no completed orders">No completed orders yet.</Trans>;
  }
}
