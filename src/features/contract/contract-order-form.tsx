// The contract order form: long/short, market/limit (with the limit price), the leverage, the
// quantity in the coin or as a USDT value with 25/50/75/100 % of what the available USDT allows,
// optional take-profit and stop-loss, then the estimate (margin, fee, liquidation price) and the
// leverage's risk in one sentence. "Continue" checks the form and hands the draft to the confirm
// step. The form's state belongs to the screen, so a tap on the order book can set the price.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { USDT_SCALE } from "../../../protocol/assets";
import type { ContractDirection } from "../../../protocol/contract";
import { contractValue } from "../../../protocol/contract";
import { qtyString } from "../../../protocol/spot-rules";
import { formatMoney } from "../../lib/format/format-money";
import { DecimalField } from "../../ui/form/decimal-field";
import { SegmentedTabs } from "../../ui/form/segmented-tabs";
import {
  CONTRACT_PERCENTS,
  draftOf,
  quoteOf,
  shownPrice,
  type ContractDraft,
  type ContractFormState,
  type ContractPercent,
} from "./contract-draft";
import { ContractEstimateFacts, LeverageRisk } from "./contract-estimate";
import { directionLabel, typeLabel } from "./contract-labels";
import { quantityForPercent, unitsOf, usdtString } from "./contract-math";
import { ContractTargetFields } from "./contract-target-fields";
import { LeverageSelect } from "./leverage-select";
import type { ContractTrading } from "./use-contract-trading";
import { validateContractOrder, type ContractFormErrors } from "./validate-contract-order";

const DIRECTIONS: readonly ContractDirection[] = ["long", "short"];
const TYPES: readonly (0 | 1)[] = [0, 1];

export function ContractOrderForm(props: {
  symbol: string;
  trading: ContractTrading;
  form: ContractFormState;
  onChange: (form: ContractFormState) => void;
  onReview: (draft: ContractDraft) => void;
}) {
  const { i18n, t } = useLingui();
  const [errors, setErrors] = useState<ContractFormErrors>({});
  const { form, trading, symbol } = props;
  const { terms, block } = trading;
  const locale = i18n.locale;
  const base = terms?.rules.base ?? symbol.split("/")[0] ?? "";
  const change = (patch: Partial<ContractFormState>) => {
    setErrors({});
    props.onChange({ ...form, ...patch });
  };
  // Until touched, the limit price follows the last price; focus pins it (see DecimalInputProps).
  const pinLivePrice = () => {
    const live = shownPrice(form, trading);
    if (form.price === null && live !== "") change({ price: live });
  };
  const quote = quoteOf(form, trading);
  const long = form.direction === "long";
  const available = trading.available;
  const held = unitsOf(available, USDT_SCALE);

  const fillPercent = (percent: ContractPercent) => {
    if (quote === null || terms === null || held === null) return;
    const { price } = quote.reference;
    const quantity = quantityForPercent(percent, held, price, quote.leverage, terms);
    change({
      amount:
        form.unit === "coin"
          ? qtyString(quantity, terms.rules)
          : usdtString(contractValue(price, quantity, terms.rules)),
    });
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (terms === null || block !== null) return;
    const found = validateContractOrder(i18n, form, quote, terms, available);
    setErrors(found);
    if (Object.keys(found).length > 0 || quote === null) return;
    const { quantity, estimate } = quote;
    if (quantity === null || estimate === null) return;
    props.onReview(draftOf(symbol, form, { ...quote, quantity, estimate }, terms));
  };

  const other = form.unit === "coin" ? quote?.estimate?.value : quote?.quantity;
  const converted =
    other === undefined || other === null || terms === null
      ? null
      : form.unit === "coin"
        ? `${formatMoney(usdtString(other), locale)} USDT`
        : `${formatMoney(qtyString(other, terms.rules), locale)} ${base}`;
  const availableText = available === null ? null : formatMoney(available, locale);
  return (
    <form
      className="q-card q-contract__form"
      onSubmit={review}
      noValidate
      data-testid="contract-form"
    >
      <fieldset className="q-contract__fieldset" disabled={block !== null}>
        <SegmentedTabs
          label={t({ message: "Direction", comment: "Contract form: long or short" })}
          className="q-contract__directions"
          segments={DIRECTIONS.map((direction) => ({
            value: direction,
            label: i18n._(directionLabel(direction)),
            className: `q-contract__direction--${direction}`,
            testId: `contract-direction-${direction}`,
          }))}
          value={form.direction}
          onChange={(direction) => change({ direction })}
        />
        <SegmentedTabs
          label={t({ message: "Order type", comment: "Contract form: market or limit" })}
          look="buttons"
          segments={TYPES.map((type) => ({
            value: type,
            label: i18n._(typeLabel(type)),
            testId: type === 0 ? "contract-type-market" : "contract-type-limit",
          }))}
          value={form.type}
          onChange={(type) => change({ type })}
        />
        <LeverageSelect
          leverages={trading.config?.leverages ?? []}
          value={quote?.leverage ?? form.leverage}
          onChange={(leverage) => change({ leverage })}
        />
        {form.type === 1 && (
          <DecimalField
            label={<Trans comment="Contract form: the limit price field">Limit price (USDT)</Trans>}
            scale={USDT_SCALE}
            value={shownPrice(form, trading)}
            onFocus={() => pinLivePrice()}
            onChange={(price) => change({ price })}
            error={errors.price ?? null}
            testId="contract-price"
          />
        )}
        <DecimalField
          label={
            form.unit === "coin" ? (
              <Trans comment="Contract form: the quantity in the base coin, like BTC">
                Quantity ({base})
              </Trans>
            ) : (
              <Trans comment="Contract form: the position's value in USDT instead of a quantity">
                Value (USDT)
              </Trans>
            )
          }
          scale={form.unit === "coin" ? (terms?.rules.baseScale ?? 8) : USDT_SCALE}
          value={form.amount}
          onChange={(amount) => change({ amount })}
          // Not a Lingui message: "≈ {amount}" has no words to translate (the translation check
          // refuses a translation identical to the English), and the amount is Intl-formatted.
          hint={converted === null ? undefined : `≈ ${converted}`}
          hintTestId="contract-quantity-converted"
          error={errors.amount ?? null}
          testId="contract-quantity"
          max={{
            label: form.unit === "coin" ? base : "USDT",
            onClick: () => change({ unit: form.unit === "coin" ? "usdt" : "coin", amount: "" }),
            testId: "contract-quantity-unit",
          }}
        />
        <div className="q-contract__percents">
          {CONTRACT_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              className="q-button q-button--ghost"
              disabled={quote === null || held === null}
              onClick={() => fillPercent(percent)}
              data-testid={`contract-percent-${percent}`}
            >
              {i18n.number(percent / 100, { style: "percent" })}
            </button>
          ))}
        </div>
        <p className="q-muted" data-testid="contract-available">
          {availableText === null ? (
            <Trans comment="Contract form: the available balance was never downloaded">
              Available: not known yet.
            </Trans>
          ) : (
            <Trans comment="Contract form: the user's available USDT">
              Available: {availableText} USDT
            </Trans>
          )}
        </p>
        <ContractTargetFields
          takeProfit={form.takeProfit}
          stopLoss={form.stopLoss}
          errors={errors}
          onChange={(patch) => change(patch)}
          testIds={{ takeProfit: "contract-tp", stopLoss: "contract-sl" }}
        />
        <ContractEstimateFacts
          estimate={quote?.estimate ?? null}
          basis={quote?.reference.basis ?? null}
          terms={terms}
          feeRate={trading.config?.feeRate ?? "0"}
          prefix="contract-estimate"
        />
        {quote !== null && (
          <LeverageRisk
            leverage={quote.leverage}
            movePercent={quote.movePercent}
            testId="contract-risk-warning"
          />
        )}
        <button
          type="submit"
          className={`q-button q-contract__submit--${form.direction}`}
          data-testid="contract-submit"
        >
          {long ? (
            <Trans comment="Contract form submit: review a long position">Open long</Trans>
          ) : (
            <Trans comment="Contract form submit: review a short position">Open short</Trans>
          )}
        </button>
      </fieldset>
    </form>
  );
}
