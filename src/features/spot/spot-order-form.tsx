// The order form: buy/sell tabs, market/limit switch, the price (limit only; the last price until
// the user types one), the quantity with 25/50/75/100 % of what is available, and the estimated
// cost (or proceeds) and fee. "Continue" checks the form and hands the draft to the confirm step.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import type { SpotSide, SpotType } from "../../../protocol/spot";
import { formatMoney } from "../../lib/format/format-money";
import { sideLabel, typeLabel } from "./spot-labels";
import { SpotEstimateFacts } from "./spot-estimate";
import {
  asksTotal,
  draftOf,
  estimateOf,
  feeRateOf,
  numberOf,
  priceScaleOf,
  priceSourceOf,
  shownPrice,
  type SpotDraft,
  type SpotFormState,
} from "./spot-draft";
import { numberForPercent, SPOT_PERCENTS, type SpotPercent } from "./spot-math";
import { percentOf } from "../../../protocol/decimal";
import { USDT_SCALE } from "../../../protocol/assets";
import type { SpotTrading } from "./use-spot-trading";
import { validateSpotOrder, type SpotFormErrors } from "./validate-spot-order";

const SIDES: readonly SpotSide[] = [0, 1];
const TYPES: readonly SpotType[] = [1, 0];

export function SpotOrderForm(props: {
  symbol: string;
  trading: SpotTrading;
  form: SpotFormState;
  onChange: (form: SpotFormState) => void;
  onReview: (draft: SpotDraft) => void;
}) {
  const { i18n } = useLingui();
  const priceId = useId();
  const numberId = useId();
  const totalId = useId();
  const [errors, setErrors] = useState<SpotFormErrors>({});
  const { form, trading, symbol } = props;
  const { base, quote, rules, block } = trading;
  const change = (patch: Partial<SpotFormState>) => {
    setErrors({});
    props.onChange({ ...form, ...patch });
  };
  const estimate = estimateOf(form, trading);
  const buy = form.side === 0;
  const available =
    trading.available === null ? null : buy ? trading.available.quote : trading.available.base;

  const byTotal = asksTotal(form);
  const number = numberOf(form, trading);
  const buys = number === "" ? null : formatMoney(number, i18n.locale);
  const fillPercent = (percent: SpotPercent) => {
    if (available === null || rules === null) return;
    if (byTotal) {
      change({ total: percentOf(available, percent, USDT_SCALE, "down") });
      return;
    }
    try {
      const source = priceSourceOf(form, trading);
      change({
        number: numberForPercent(source, percent, available, rules.qtyStep, priceScaleOf(trading)),
      });
    } catch {
      // A malformed limit price gives no number; the price field's error says why on Continue.
    }
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rules === null || block !== null) return;
    const price = form.type === 1 ? shownPrice(form, trading) : null;
    const found = validateSpotOrder({ side: form.side, price, number }, rules, estimate, available);
    setErrors(found);
    if (found.price !== undefined || found.number !== undefined || estimate === null) return;
    props.onReview(draftOf(symbol, form, trading, estimate));
  };

  const priceError = errors.price ? i18n._(errors.price) : null;
  const numberError = errors.number ? i18n._(errors.number) : null;
  const availableText = available === null ? null : formatMoney(available, i18n.locale);
  const availableAsset = buy ? quote : base;
  return (
    <form className="q-card q-spot__form" onSubmit={review} noValidate data-testid="spot-form">
      <fieldset className="q-spot__fieldset" disabled={block !== null}>
        <div className="q-tabs q-spot__sides" role="tablist">
          {SIDES.map((side) => (
            <button
              key={side}
              type="button"
              role="tab"
              className={`q-tabs__tab q-spot__side--${side === 0 ? "buy" : "sell"}`}
              aria-selected={form.side === side}
              onClick={() => change({ side, number: "", total: "" })}
              data-testid={side === 0 ? "spot-side-buy" : "spot-side-sell"}
            >
              {i18n._(sideLabel(side))}
            </button>
          ))}
        </div>
        <div className="q-spot__types" role="group">
          {TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="q-button q-button--ghost"
              aria-pressed={form.type === type}
              onClick={() => change({ type })}
              data-testid={type === 0 ? "spot-type-market" : "spot-type-limit"}
            >
              {i18n._(typeLabel(type))}
            </button>
          ))}
        </div>
        {form.type === 1 ? (
          <div className="q-field">
            <label htmlFor={priceId}>
              <Trans>Price ({quote})</Trans>
            </label>
            <input
              id={priceId}
              inputMode="decimal"
              autoComplete="off"
              value={shownPrice(form, trading)}
              onChange={(event) => change({ price: event.target.value })}
              aria-invalid={priceError !== null}
              data-testid="spot-price"
            />
            {priceError !== null && <p className="q-field__error">{priceError}</p>}
          </div>
        ) : (
          <p className="q-muted" data-testid="spot-market-note">
            <Trans>At the best prices in the order book when the order arrives.</Trans>
          </p>
        )}
        {byTotal ? (
          <div className="q-field">
            <label htmlFor={totalId}>
              <Trans>Total ({quote})</Trans>
            </label>
            <input
              id={totalId}
              inputMode="decimal"
              autoComplete="off"
              value={form.total}
              onChange={(event) => change({ total: event.target.value })}
              aria-invalid={numberError !== null}
              data-testid="spot-total"
            />
            {buys !== null && (
              <p className="q-muted" data-testid="spot-total-number">
                <Trans>
                  ≈ {buys} {base} at the book's prices now
                </Trans>
              </p>
            )}
            {numberError !== null && <p className="q-field__error">{numberError}</p>}
          </div>
        ) : (
          <div className="q-field">
            <label htmlFor={numberId}>
              <Trans>Quantity ({base})</Trans>
            </label>
            <input
              id={numberId}
              inputMode="decimal"
              autoComplete="off"
              value={form.number}
              onChange={(event) => change({ number: event.target.value })}
              aria-invalid={numberError !== null}
              data-testid="spot-number"
            />
            {numberError !== null && <p className="q-field__error">{numberError}</p>}
          </div>
        )}
        <div className="q-spot__percents">
          {SPOT_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="q-button q-button--ghost"
              disabled={available === null || rules === null}
              onClick={() => fillPercent(percent)}
              data-testid={`spot-percent-${percent}`}
            >
              {percent} %
            </button>
          ))}
        </div>
        <p className="q-muted" data-testid="spot-available">
          {availableText === null ? (
            <Trans>Available: not known yet.</Trans>
          ) : (
            <Trans>
              Available: {availableText} {availableAsset}
            </Trans>
          )}
        </p>
        <SpotEstimateFacts
          side={form.side}
          estimate={estimate}
          feeRate={feeRateOf(form.type, trading)}
          quote={quote}
          testId="spot-estimate"
        />
        {estimate?.short === true && (
          <p className="q-notice" role="note" data-testid="spot-book-short">
            <Trans>
              The order book shown cannot fill this quantity now; the order may be rejected.
            </Trans>
          </p>
        )}
        <button type="submit" className="q-button" data-testid="spot-continue">
          {buy ? <Trans>Buy {base}</Trans> : <Trans>Sell {base}</Trans>}
        </button>
      </fieldset>
    </form>
  );
}
