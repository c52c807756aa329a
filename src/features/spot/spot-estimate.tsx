// What an order is estimated to cost (buy) or bring (sell), with its fee, shown in the form as it
// is typed and again on the confirm step (DESIGN §1.3: fees shown before confirming).
import { Trans, useLingui } from "@lingui/react/macro";
import type { SpotSide } from "../../../protocol/spot";
import { multiply } from "../../../protocol/decimal";
import { formatPrice } from "../../lib/format/format-price";
import { formatMoney } from "../../lib/format/format-money";
import type { SpotEstimate } from "./spot-math";

/** "0.001" -> "0.1" (percent), for the fee line. */
export function ratePercent(rate: string, locale: string): string {
  return formatMoney(multiply(rate, "100", 8, "half-even"), locale);
}

export function SpotEstimateFacts(props: {
  side: SpotSide;
  estimate: SpotEstimate | null;
  feeRate: string;
  quote: string;
  testId: string;
}) {
  const { i18n } = useLingui();
  const { estimate, quote } = props;
  const money = (value: string | undefined) =>
    value === undefined ? "—" : `${formatMoney(value, i18n.locale)} ${quote}`;
  const rate = ratePercent(props.feeRate, i18n.locale);
  const price = estimate === null ? "—" : formatPrice(estimate.price, i18n.locale);
  return (
    <dl className="q-spot__facts" data-testid={props.testId}>
      <dt>
        {estimate?.basis === "limit" || estimate === null ? (
          <Trans>Price</Trans>
        ) : (
          <Trans>Estimated average price</Trans>
        )}
      </dt>
      <dd data-testid={`${props.testId}-price`}>{price}</dd>
      <dt>
        <Trans>Value</Trans>
      </dt>
      <dd data-testid={`${props.testId}-notional`}>{money(estimate?.notional)}</dd>
      <dt>
        <Trans>Fee ({rate} %)</Trans>
      </dt>
      <dd data-testid={`${props.testId}-fee`}>{money(estimate?.fee)}</dd>
      <dt>
        {props.side === 0 ? <Trans>Estimated cost</Trans> : <Trans>Estimated proceeds</Trans>}
      </dt>
      <dd data-testid={`${props.testId}-total`}>
        <strong>{money(estimate?.total)}</strong>
      </dd>
    </dl>
  );
}
