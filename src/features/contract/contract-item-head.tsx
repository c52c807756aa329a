// The first line of every contract list item (position, waiting order, history): direction,
// market and leverage, then whatever the list adds (the history's state).
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ContractOrderRow } from "../../db/queries/contract";
import { directionLabel } from "./contract-labels";

export function ContractItemHead(props: { order: ContractOrderRow; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { order } = props;
  return (
    <div className="q-contract__item-head">
      <strong className={order.direction === "long" ? "q-up" : "q-down"}>
        {i18n._(directionLabel(order.direction))}
      </strong>
      <span>{order.symbol}</span>
      <span className="q-muted">{i18n.number(order.leverage)}×</span>
      {props.children}
    </div>
  );
}
