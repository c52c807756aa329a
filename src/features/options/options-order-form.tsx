// The options order form: product chips (seconds and payout), the stake with quick amounts and
// "max" (the available USDT less the fee), what a 50/50 guess loses on average, and the up and
// down buttons — disabled with the reason while buying is not possible.
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionDirection, OptionsProduct } from "../../../protocol/options";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatSeconds } from "../../lib/format/format-duration";
import { formatMoney } from "../../lib/format/format-money";
import { DecimalField } from "../../ui/form/decimal-field";
import { SegmentedTabs } from "../../ui/form/segmented-tabs";
import { blockText, directionLabel } from "./options-labels";
import { expectedLossPercent, maxStake, quickAmounts, ratePercent } from "./options-math";
import type { OptionsTrading } from "./use-options-trading";

export function OptionsOrderForm(props: {
  symbol: string;
  trading: OptionsTrading;
  product: OptionsProduct | null;
  amount: string;
  amountError: string | null;
  onProduct: (seconds: number) => void;
  onAmount: (amount: string) => void;
  onReview: (direction: OptionDirection) => void;
}) {
  const { i18n, t } = useLingui();
  const { trading, product, symbol } = props;
  const locale = i18n.locale;
  const products = trading.products ?? [];
  const max =
    product === null || trading.available === null ? null : maxStake(trading.available, product);
  const available = trading.available === null ? null : formatMoney(trading.available, locale);
  const blocked = trading.block !== null;
  return (
    <section className="q-card q-options-form" data-testid="options-form">
      {products.length > 0 && product !== null && (
        <SegmentedTabs
          label={t`Duration`}
          look="buttons"
          className="q-options-form__products"
          segments={products.map((p) => ({
            value: p.seconds,
            label: <ProductLabel product={p} />,
            testId: `options-product-${p.seconds}`,
          }))}
          value={product.seconds}
          onChange={props.onProduct}
        />
      )}
      <DecimalField
        label={<Trans>Stake (USDT)</Trans>}
        scale={USDT_SCALE}
        value={props.amount}
        onChange={props.onAmount}
        error={props.amountError}
        testId="options-amount"
        max={{
          label: <Trans>Max</Trans>,
          disabled: max === null,
          onClick: () => max !== null && props.onAmount(max),
          testId: "options-max",
        }}
      />
      {product !== null && (
        <div className="q-options-form__quick">
          {quickAmounts(product).map((amount) => (
            <button
              key={amount}
              type="button"
              className="q-button q-button--ghost"
              onClick={() => props.onAmount(amount)}
              data-testid={`options-quick-${amount}`}
            >
              {formatMoney(amount, locale)}
            </button>
          ))}
        </div>
      )}
      <p className="q-muted" data-testid="options-available">
        {available === null ? (
          <Trans>Available: not known yet.</Trans>
        ) : (
          <Trans>Available: {available} USDT</Trans>
        )}
      </p>
      {product !== null && <ExpectedLoss product={product} />}
      {trading.block !== null && (
        <p
          className="q-notice"
          role="status"
          data-testid="options-disabled-reason"
          data-reason={trading.block.kind}
        >
          {blockText(i18n, trading.block, symbol)}
        </p>
      )}
      <div className="q-options-form__directions">
        <button
          type="button"
          className="q-button q-options__up"
          disabled={blocked || product === null}
          onClick={() => props.onReview("up")}
          data-testid="options-up"
        >
          {i18n._(directionLabel("up"))}
        </button>
        <button
          type="button"
          className="q-button q-options__down"
          disabled={blocked || product === null}
          onClick={() => props.onReview("down")}
          data-testid="options-down"
        >
          {i18n._(directionLabel("down"))}
        </button>
      </div>
    </section>
  );
}

function ProductLabel(props: { product: OptionsProduct }) {
  const { i18n } = useLingui();
  const seconds = formatSeconds(props.product.seconds, i18n.locale);
  const payout = formatMoney(ratePercent(props.product.payoutRate), i18n.locale);
  return (
    <span className="q-options-form__product">
      <span>{seconds}</span>
      <span className="q-muted">
        <Trans>{payout} % payout</Trans>
      </span>
    </span>
  );
}

/** The house's edge in one line: what a coin-flip guess loses on average, fee included. */
function ExpectedLoss(props: { product: OptionsProduct }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const loss = formatMoney(expectedLossPercent(props.product), locale);
  const payout = formatMoney(ratePercent(props.product.payoutRate), locale);
  const fee = formatMoney(ratePercent(props.product.feeRate), locale);
  return (
    <p className="q-options-form__ev" data-testid="options-ev">
      <Trans>
        On average you lose {loss} % of each stake: a 50/50 guess wins {payout} % of the stake half
        of the time and loses all of it the other half, and the {fee} % fee is always paid.
      </Trans>
    </p>
  );
}
