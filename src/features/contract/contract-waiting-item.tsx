// One waiting limit order: what it will open and at which price, what it holds frozen, and
// cancel (online only), which returns the frozen margin and fee.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ContractOrderRow } from "../../db/queries/contract";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { cancelContractOrder, ContractCommandError } from "../../sync/contract-commands";
import { ContractItemHead } from "./contract-item-head";
import { commandErrorText } from "./contract-labels";

export function ContractWaitingItem(props: { order: ContractOrderRow; offline: boolean }) {
  const { i18n, t } = useLingui();
  const { order } = props;
  const locale = i18n.locale;
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      await cancelContractOrder(order.id);
    } catch (failure) {
      setError(
        failure instanceof ContractCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The order could not be cancelled. Please try again.",
              comment: "Cancelling a waiting contract order failed for an unknown reason",
            }),
      );
    } finally {
      setCancelling(false);
    }
  };

  return (
    <li
      className="q-contract__item"
      data-testid={`contract-waiting-${order.id}`}
      data-id={order.id}
    >
      <ContractItemHead order={order} />
      <dl className="q-contract__item-facts">
        <div>
          <dt>
            <Trans comment="Waiting contract order: the price it opens at">Limit price</Trans>
          </dt>
          <dd data-testid="contract-waiting-price">{formatPrice(order.price, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Waiting contract order: quantity of the base coin">Quantity</Trans>
          </dt>
          <dd data-testid="contract-waiting-quantity">{formatMoney(order.quantity, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Waiting contract order: margin frozen until it opens or is cancelled">
              Margin (USDT)
            </Trans>
          </dt>
          <dd data-testid="contract-waiting-margin">{formatMoney(order.margin, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Waiting contract order: the opening fee, frozen meanwhile">
              Fee (USDT)
            </Trans>
          </dt>
          <dd>{formatMoney(order.openFee, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Waiting contract order: its liquidation price once it opens">
              Liquidation price
            </Trans>
          </dt>
          <dd>{formatPrice(order.liquidationPrice, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Waiting contract order: when it was placed">Time</Trans>
          </dt>
          <dd>
            <time dateTime={order.time}>{formatContentDate(order.time, locale, true)}</time>
          </dd>
        </div>
      </dl>
      {error !== null && (
        <p className="q-field__error" role="alert" data-testid="contract-waiting-error">
          {error}
        </p>
      )}
      <div className="q-contract__buttons">
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={cancelling || props.offline}
          title={
            props.offline
              ? t({
                  message: "Cancelling needs a connection to the server.",
                  comment: "Why the cancel button of a waiting contract order is disabled",
                })
              : undefined
          }
          onClick={() => void cancel()}
          data-testid="contract-waiting-cancel"
        >
          {cancelling ? (
            <Trans comment="Cancel button while the request is on the way">Cancelling…</Trans>
          ) : (
            <Trans comment="Cancel a waiting contract order; everything frozen comes back">
              Cancel
            </Trans>
          )}
        </button>
      </div>
    </li>
  );
}
