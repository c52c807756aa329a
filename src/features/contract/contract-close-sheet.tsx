// Closing a position, confirmed first: what the close would realise at the last price now
// (protocol closeOutcome: pnl, the closing fee, both capped at the margin), said to be estimated
// because a close walks the order book's other side when it arrives.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { closeOutcome, type PositionTerms } from "../../../protocol/contract";
import type { ContractOrderRow } from "../../db/queries/contract";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { closeContractPosition, ContractCommandError } from "../../sync/contract-commands";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import { ConfirmActions } from "../../ui/trading/confirm-actions";
import { commandErrorText } from "./contract-labels";
import { priceText, priceUnits, unitsOf, usdtString, type ContractTerms } from "./contract-math";
import { USDT_SCALE } from "../../../protocol/assets";

/** The position's terms in units, as closeOutcome takes them; null when a field is unreadable. */
function positionTerms(order: ContractOrderRow, terms: ContractTerms): PositionTerms | null {
  const entry = priceUnits(order.price);
  const quantity = unitsOf(order.quantity, terms.rules.baseScale);
  const margin = unitsOf(order.margin, USDT_SCALE);
  const liquidation = priceUnits(order.liquidationPrice);
  if (entry === null || quantity === null || margin === null || liquidation === null) return null;
  return {
    direction: order.direction,
    leverage: order.leverage,
    entry,
    quantity,
    margin,
    liquidationPrice: liquidation,
    takeProfit: priceUnits(order.takeProfit),
    stopLoss: priceUnits(order.stopLoss),
  };
}

export function ContractCloseSheet(props: {
  order: ContractOrderRow;
  last: bigint | null;
  terms: ContractTerms | null;
  offline: boolean;
  onDone: () => void;
}) {
  const { i18n, t } = useLingui();
  const { order, last, terms } = props;
  const locale = i18n.locale;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const position = terms === null ? null : positionTerms(order, terms);
  const outcome =
    position === null || last === null || terms === null
      ? null
      : closeOutcome(position, last, "user", terms.rates, terms.rules);

  const close = async () => {
    setSending(true);
    setError(null);
    try {
      await closeContractPosition(order.id);
      props.onDone();
    } catch (failure) {
      setError(
        failure instanceof ContractCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The position could not be closed. Please try again.",
              comment: "Closing a contract position failed for a reason the app does not know",
            }),
      );
    } finally {
      setSending(false);
    }
  };

  const price =
    last === null || terms === null ? "—" : formatPrice(priceText(last, terms.rules), locale);
  return (
    <BottomSheet
      title={t({ message: "Close the position?", comment: "Contract close confirm sheet title" })}
      onClose={sending ? () => undefined : props.onDone}
      testId="contract-close-confirm"
    >
      <dl className="q-contract__facts">
        <dt>
          <Trans comment="Contract close: the last price the estimate uses">Last price</Trans>
        </dt>
        <dd data-testid="contract-close-price">{price}</dd>
        <dt>
          <Trans comment="Contract close: the estimated realised profit or loss">
            Estimated PnL (USDT)
          </Trans>
        </dt>
        <dd data-testid="contract-close-pnl">
          {outcome === null ? "—" : formatSignedMoney(usdtString(outcome.pnl), locale)}
        </dd>
        <dt>
          <Trans comment="Contract close: the estimated closing fee">
            Estimated closing fee (USDT)
          </Trans>
        </dt>
        <dd data-testid="contract-close-fee">
          {outcome === null ? "—" : formatMoney(usdtString(outcome.closeFee), locale)}
        </dd>
      </dl>
      <p className="q-muted">
        <Trans comment="Contract close: how a close is priced">
          The position closes at once at the order book's prices when the request arrives, so the
          result can differ a little from this estimate. The margin comes back with the profit, or
          less the loss and the fee; a close never costs more than the margin.
        </Trans>
      </p>
      <ConfirmActions
        blocked={
          props.offline
            ? t({
                message:
                  "You are offline. Positions are closed only with a connection to the server.",
                comment: "Why the contract close cannot be confirmed",
              })
            : null
        }
        error={error}
        sending={sending}
        confirmLabel={<Trans comment="Contract close confirm button">Close at market</Trans>}
        onConfirm={() => void close()}
        onBack={props.onDone}
        testIds={{
          blocked: "contract-close-blocked",
          error: "contract-close-error",
          confirm: "contract-close-ok",
          back: "contract-close-cancel",
        }}
      />
    </BottomSheet>
  );
}
