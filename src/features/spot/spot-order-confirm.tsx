// The confirm step of an order: what it buys or sells, at which price, what it costs or brings
// and its fee, what happens to the funds meanwhile — before anything is sent. Confirming sends it
// at once (online-only); a failure is shown here, and trying again reuses the attempt's key.
import { Trans, useLingui } from "@lingui/react/macro";
import { multiply } from "../../../protocol/decimal";
import { formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";
import { blockText, sideLabel, typeLabel, type SpotBlock } from "./spot-labels";
import { SpotEstimateFacts } from "./spot-estimate";
import type { SpotDraft } from "./spot-draft";

export function SpotOrderConfirm(props: {
  draft: SpotDraft;
  block: SpotBlock | null;
  maxSlippage: string;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { i18n } = useLingui();
  const { draft } = props;
  const { request, base, quote } = draft;
  const buy = request.side === 0;
  const number = formatMoney(request.number, i18n.locale);
  const symbol = request.symbol;
  const total = formatMoney(draft.estimate.total, i18n.locale);
  const slippage = formatMoney(multiply(props.maxSlippage, "100", 8, "half-even"), i18n.locale);
  return (
    <section className="q-spot__form" data-testid="spot-confirm-step">
      <dl className="q-spot__facts">
        <dt>
          <Trans>Order</Trans>
        </dt>
        <dd data-testid="spot-confirm-order">
          {i18n._(sideLabel(request.side))} · {i18n._(typeLabel(request.type))} · {symbol}
        </dd>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd data-testid="spot-confirm-number">
          {number} {base}
        </dd>
        {request.price !== undefined && (
          <>
            <dt>
              <Trans>Limit price</Trans>
            </dt>
            <dd data-testid="spot-confirm-price">
              {formatPrice(request.price, i18n.locale)} {quote}
            </dd>
          </>
        )}
      </dl>
      <SpotEstimateFacts
        side={request.side}
        estimate={draft.estimate}
        feeRate={draft.feeRate}
        quote={quote}
        testId="spot-confirm"
      />
      <p className="q-muted" data-testid="spot-confirm-terms">
        {request.type === 0 ? (
          <Trans>
            A market order fills at once at the prices in the book when it arrives, which can differ
            from this estimate. It is rejected, and nothing is charged, if its average price is more
            than {slippage} % worse than the best price.
          </Trans>
        ) : buy ? (
          <Trans>
            If the order book already offers all of it at your price or better, it fills at once at
            the book's prices, never above your limit. Otherwise {total} {quote} is frozen from your
            balance until the order fills or you cancel it; cancelling returns all of it.
          </Trans>
        ) : (
          <Trans>
            If the order book already bids for all of it at your price or better, it fills at once
            at the book's prices, never below your limit. Otherwise {number} {base} is frozen from
            your balance until the order fills or you cancel it; cancelling returns all of it.
          </Trans>
        )}
      </p>
      {props.block !== null && (
        <p className="q-notice" role="status" data-testid="spot-confirm-blocked">
          {blockText(i18n, props.block, symbol)}
        </p>
      )}
      {props.error !== null && (
        <p className="q-field__error" role="alert" data-testid="spot-error">
          {props.error}
        </p>
      )}
      <div className="q-spot__buttons">
        <button
          type="button"
          className={`q-button ${buy ? "q-spot__buy" : "q-spot__sell"}`}
          disabled={props.sending || props.block !== null}
          onClick={props.onConfirm}
          data-testid="spot-confirm-button"
        >
          {props.sending ? (
            <Trans>Sending…</Trans>
          ) : buy ? (
            <Trans>Confirm buy</Trans>
          ) : (
            <Trans>Confirm sell</Trans>
          )}
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={props.sending}
          onClick={props.onBack}
          data-testid="spot-back"
        >
          <Trans>Back</Trans>
        </button>
      </div>
    </section>
  );
}
