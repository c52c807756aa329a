// The confirm step of an option, before anything is sent: what a win pays, what a loss costs and
// the fee in one sentence, how the entry and exit are found, what a tie does, and who is on the
// other side. Confirming sends it at once (online-only); a failure is shown here, and trying
// again reuses the attempt's Idempotency-Key.
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionDirection, OptionsProduct } from "../../../protocol/options";
import { formatMoney } from "../../lib/format/format-money";
import { baseOf, formatPrice } from "../../lib/format/format-price";
import { formatThousands } from "../../lib/number";
import { blockText, type OptionsBlock } from "./options-labels";
import { stakeFee, winPayback } from "./options-math";

export interface OptionsDraft {
  symbol: string;
  direction: OptionDirection;
  product: OptionsProduct;
  /** The stake, USDT. */
  amount: string;
}

/** A computed USDT amount as the sheet words it: at least two decimals ("18.50", "0.10"). */
function usdtText(value: string, locale: string): string {
  return formatThousands(value, locale, { minDecimals: 2 });
}

export function OptionsConfirm(props: {
  draft: OptionsDraft;
  /** The last price now: the reference the sentence names. */
  reference: string | null;
  block: OptionsBlock | null;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { i18n } = useLingui();
  const { draft } = props;
  const locale = i18n.locale;
  const base = baseOf(draft.symbol);
  const price = props.reference === null ? "—" : formatPrice(props.reference, locale);
  const seconds = i18n.number(draft.product.seconds);
  const payback = usdtText(winPayback(draft.amount, draft.product.payoutRate), locale);
  const stake = formatMoney(draft.amount, locale);
  const fee = usdtText(stakeFee(draft.amount, draft.product.feeRate), locale);
  const up = draft.direction === "up";
  return (
    <section className="q-options-confirm" data-testid="options-confirm-step">
      <p className="q-options-confirm__terms" data-testid="options-confirm-terms">
        {up ? (
          <Trans>
            If {base} is above {price} in {seconds} s you receive {payback} USDT; otherwise you lose{" "}
            {stake} USDT; fee {fee}
          </Trans>
        ) : (
          <Trans>
            If {base} is below {price} in {seconds} s you receive {payback} USDT; otherwise you lose{" "}
            {stake} USDT; fee {fee}
          </Trans>
        )}
      </p>
      <p className="q-muted" data-testid="options-confirm-rule">
        {up ? (
          <Trans>
            {price} is the last price now. Your entry is the first recorded tick after the server
            accepts the order, your exit the last recorded tick at or before expiry: you win only if
            the exit is strictly above the entry.
          </Trans>
        ) : (
          <Trans>
            {price} is the last price now. Your entry is the first recorded tick after the server
            accepts the order, your exit the last recorded tick at or before expiry: you win only if
            the exit is strictly below the entry.
          </Trans>
        )}{" "}
        <Trans>
          If they are equal, your stake is returned (the fee is not). If no tick is recorded in that
          time, stake and fee are returned.
        </Trans>
      </p>
      <p className="q-muted" data-testid="options-confirm-house">
        <Trans>
          Quanta (the house) is your counterparty: it pays a win and keeps a lost stake, at the
          market feed's recorded prices.
        </Trans>
      </p>
      {props.block !== null && (
        <p className="q-notice" role="status" data-testid="options-confirm-blocked">
          {blockText(i18n, props.block, draft.symbol)}
        </p>
      )}
      {props.error !== null && (
        <p className="q-field__error" role="alert" data-testid="options-error">
          {props.error}
        </p>
      )}
      <div className="q-options-form__directions">
        <button
          type="button"
          className={`q-button ${up ? "q-options__up" : "q-options__down"}`}
          disabled={props.sending || props.block !== null}
          onClick={props.onConfirm}
          data-testid="options-confirm"
        >
          {props.sending ? (
            <Trans>Sending…</Trans>
          ) : up ? (
            <Trans>Confirm up</Trans>
          ) : (
            <Trans>Confirm down</Trans>
          )}
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          disabled={props.sending}
          onClick={props.onBack}
          data-testid="options-back"
        >
          <Trans>Back</Trans>
        </button>
      </div>
    </section>
  );
}
