// The order form: buy/sell tabs, market/limit switch, the price (limit only; the last price until
// the user types one), the quantity with 25/50/75/100 % of what is available, and the estimated
// cost (or proceeds) and fee. "Continue" checks the form and hands the draft to the confirm step.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import type { SpotSide, SpotType } from "../../../protocol/spot";
import { assetScale } from "../../../protocol/assets";
import { formatMoney } from "../../lib/format/format-money";
import { DecimalField } from "../../ui/form/decimal-field";
import { SegmentedTabs } from "../../ui/form/segmented-tabs";
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
  const { i18n, t } = useLingui();
  const [errors, setErrors] = useState<SpotFormErrors>({});
  const { form, trading, symbol } = props;
  const { base, quote, rules, block } = trading;
  const change = (patch: Partial<SpotFormState>) => {
    setErrors({});
    props.onChange({ ...form, ...patch });
  };
  // Until touched, the limit price follows the last price; focus pins it (see DecimalInputProps).
  const pinLivePrice = () => {
    const live = shownPrice(form, trading);
    if (form.price === null && live !== "") change({ price: live });
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
        <SegmentedTabs
          label={t`Order side`}
          className="q-spot__sides"
          segments={SIDES.map((side) => ({
            value: side,
            label: i18n._(sideLabel(side)),
            className: `q-spot__side--${side === 0 ? "buy" : "sell"}`,
            testId: side === 0 ? "spot-side-buy" : "spot-side-sell",
          }))}
          value={form.side}
          onChange={(side) => change({ side, number: "", total: "" })}
        />
        <SegmentedTabs
          label={t`Order type`}
          look="buttons"
          className="q-spot__types"
          segments={TYPES.map((type) => ({
            value: type,
            label: i18n._(typeLabel(type)),
            testId: type === 0 ? "spot-type-market" : "spot-type-limit",
          }))}
          value={form.type}
          onChange={(type) => change({ type })}
        />
        {form.type === 1 ? (
          <DecimalField
            label={<Trans>Price ({quote})</Trans>}
            scale={assetScale(quote)}
            value={shownPrice(form, trading)}
            onFocus={() => pinLivePrice()}
            onChange={(price) => change({ price })}
            error={priceError}
            testId="spot-price"
          />
        ) : (
          <p className="q-muted" data-testid="spot-market-note">
            <Trans>At the best prices in the order book when the order arrives.</Trans>
          </p>
        )}
        {byTotal ? (
          <DecimalField
            label={<Trans>Total ({quote})</Trans>}
            scale={assetScale(quote)}
            value={form.total}
            onChange={(total) => change({ total })}
            hint={
              buys === null ? undefined : (
                <Trans>
                  ≈ {buys} {base} at the book's prices now
                </Trans>
              )
            }
            hintTestId="spot-total-number"
            error={numberError}
            testId="spot-total"
          />
        ) : (
          <DecimalField
            label={<Trans>Quantity ({base})</Trans>}
            scale={assetScale(base)}
            value={form.number}
            onChange={(number) => change({ number })}
            error={numberError}
            testId="spot-number"
          />
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
