// The user's running plans (live pnl from the tickers) or ended plans (booked pnl and how each
// ended), newest first, from IndexedDB.
import { Trans } from "@lingui/react/macro";
import { useMemo } from "react";
import type { QuantPlan } from "../../../protocol/quant";
import { useTickers, type TickerRow } from "../../db/queries/market";
import { useQuantSubscriptions } from "../../db/queries/quant";
import { QuantPlanItem } from "./quant-plan-item";

export function QuantMyPlans(props: {
  userId: string | null;
  which: "running" | "ended";
  plans: readonly QuantPlan[];
  offline: boolean;
}) {
  const rows = useQuantSubscriptions(props.userId, props.which);
  const tickerRows = useTickers();
  const tickers = useMemo(() => {
    const map = new Map<string, TickerRow>();
    if (tickerRows.status === "ready") for (const row of tickerRows.value) map.set(row.symbol, row);
    return map;
  }, [tickerRows]);
  const list = rows.status === "ready" ? rows.value : [];
  if (rows.status === "ready" && list.length === 0) {
    return (
      <p className="q-card q-muted" data-testid={`quant-${props.which}-empty`}>
        {props.which === "running" ? (
          <Trans comment="Quant: no running plans">You have no running plans.</Trans>
        ) : (
          <Trans comment="Quant: no ended plans">No ended plans yet.</Trans>
        )}
      </p>
    );
  }
  return (
    <ul className="q-quant__list" data-testid={`quant-${props.which}`}>
      {list.map((row) => (
        <QuantPlanItem
          key={row.id}
          row={row}
          plan={props.plans.find((plan) => plan.id === row.planId) ?? null}
          tickers={tickers}
          offline={props.offline}
        />
      ))}
    </ul>
  );
}
