// The confirm step of a contract order, before anything is sent: what opens (direction, type,
// leverage, quantity, limit price, targets), the same margin, fee and liquidation price as the
// form, the leverage's risk, who is on the other side and what the fees are. Confirming sends it
// at once (online-only); a failure is shown here, and trying again reuses the attempt's key.
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { ConfirmActions } from "../../ui/trading/confirm-actions";
import type { ContractDraft } from "./contract-draft";
import { ContractEstimateFacts, EstimateBasis, LeverageRisk } from "./contract-estimate";
import { blockText, directionLabel, typeLabel, type ContractBlock } from "./contract-labels";

export function ContractConfirm(props: {
  draft: ContractDraft;
  feeRate: string;
  block: ContractBlock | null;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { i18n, t } = useLingui();
  const { draft } = props;
  const { request, terms } = draft;
  const locale = i18n.locale;
  const base = terms.rules.base;
  const quantity = formatMoney(request.quantity, locale);
  const leverage = i18n.number(request.leverage);
  const long = request.direction === "long";
  const none = t({
    message: "none",
    comment: "Contract confirm: no take-profit or stop-loss is set",
  });
  const level = (value: string | undefined) =>
    value === undefined ? none : formatPrice(value, locale);
  return (
    <section className="q-contract__confirm" data-testid="contract-confirm-step">
      <dl className="q-contract__facts">
        <dt>
          <Trans comment="Contract confirm: what is being opened">Order</Trans>
        </dt>
        <dd data-testid="contract-confirm-order">
          {i18n._(directionLabel(request.direction))} · {i18n._(typeLabel(request.type))} ·{" "}
          {leverage}× · {request.symbol}
        </dd>
        <dt>
          <Trans comment="Contract confirm: the position's quantity; base is a coin like BTC">
            Quantity ({base})
          </Trans>
        </dt>
        <dd data-testid="contract-confirm-quantity">{quantity}</dd>
        {request.price !== undefined && (
          <>
            <dt>
              <Trans comment="Contract confirm: the limit order's price">Limit price</Trans>
            </dt>
            <dd data-testid="contract-confirm-price">{formatPrice(request.price, locale)}</dd>
          </>
        )}
        <dt>
          <Trans comment="Contract confirm: the take-profit price">Take-profit</Trans>
        </dt>
        <dd data-testid="contract-confirm-tp">{level(request.takeProfit)}</dd>
        <dt>
          <Trans comment="Contract confirm: the stop-loss price">Stop-loss</Trans>
        </dt>
        <dd data-testid="contract-confirm-sl">{level(request.stopLoss)}</dd>
      </dl>
      <ContractEstimateFacts
        estimate={draft.estimate}
        basis={draft.basis}
        terms={terms}
        feeRate={props.feeRate}
        prefix="contract-confirm"
      />
      <p className="q-muted" data-testid="contract-confirm-basis">
        <EstimateBasis basis={draft.basis} long={long} />
      </p>
      <LeverageRisk
        leverage={request.leverage}
        movePercent={draft.movePercent}
        testId="contract-confirm-risk"
      />
      <p className="q-muted" data-testid="contract-confirm-terms">
        {request.type === 0 ? (
          <Trans comment="Contract confirm: what a market order does">
            The position opens at once against Quanta (the house) at the order book's prices. Its
            margin is frozen until it closes; closing returns the margin with the profit or less the
            loss. A liquidation loses exactly the margin, never more.
          </Trans>
        ) : (
          <Trans comment="Contract confirm: what a limit order does">
            The order waits until the best opposite price reaches your limit, then opens at your
            limit price. Its margin and opening fee are frozen meanwhile; cancelling returns all of
            it.
          </Trans>
        )}
      </p>
      <ConfirmActions
        blocked={props.block === null ? null : blockText(i18n, props.block, request.symbol)}
        error={props.error}
        sending={props.sending}
        confirmLabel={
          long ? (
            <Trans comment="Contract confirm button for a long">Confirm long</Trans>
          ) : (
            <Trans comment="Contract confirm button for a short">Confirm short</Trans>
          )
        }
        confirmClassName={`q-contract__submit--${request.direction}`}
        onConfirm={props.onConfirm}
        onBack={props.onBack}
        testIds={{
          blocked: "contract-confirm-blocked",
          error: "contract-error",
          confirm: "contract-confirm-ok",
          back: "contract-confirm-cancel",
        }}
      />
    </section>
  );
}
