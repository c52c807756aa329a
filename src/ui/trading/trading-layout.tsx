// The trading screens' layout: the pair bar and price header, then one tap between Trade (the
// order form beside the order-book ladder, both above the fold on a phone) and Chart. What sits
// below (orders, notices) follows either view.
import { Trans } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import "./trading.css";

export type TradingView = "trade" | "chart";

export function TradingLayout(props: {
  pairBar: ReactNode;
  header: ReactNode;
  form: ReactNode;
  book: ReactNode;
  chart: ReactNode;
  children?: ReactNode;
}) {
  const [view, setView] = useState<TradingView>("trade");
  const tab = (id: TradingView, label: ReactNode) => (
    <button
      type="button"
      role="tab"
      className="q-tabs__tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      data-testid={`trading-view-${id}`}
    >
      {label}
    </button>
  );
  return (
    <div className="q-trading" data-testid="trading-layout" data-view={view}>
      <div className="q-trading__top">
        {props.pairBar}
        {props.header}
      </div>
      <div className="q-tabs q-trading__views" role="tablist">
        {tab("trade", <Trans>Trade</Trans>)}
        {tab("chart", <Trans>Chart</Trans>)}
      </div>
      {view === "trade" ? (
        <div className="q-trading__desk" role="tabpanel">
          <div className="q-trading__form">{props.form}</div>
          <div className="q-trading__book">{props.book}</div>
        </div>
      ) : (
        <div role="tabpanel">{props.chart}</div>
      )}
      {props.children}
    </div>
  );
}
