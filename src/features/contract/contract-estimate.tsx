// What a position would freeze and cost and where it is liquidated, shown in the form as it is
// typed and again on the confirm step (DESIGN §1.3–1.4: fees and the loss-deciding price before
// confirming), and the risk warning worded from the chosen leverage and the rule's own
// liquidation distance. Each figure's element holds only the formatted number, so the confirm
// sheet and the position can be compared as text.
import { Trans, useLingui } from "@lingui/react/macro";
import { multiply } from "../../../protocol/decimal";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import type { PriceBasis } from "./contract-draft";
import { priceText, usdtString, type ContractEstimate, type ContractTerms } from "./contract-math";

/** "0.0005" -> "0.05" (percent), for the fee line. */
export function ratePercent(rate: string, locale: string): string {
  return formatMoney(multiply(rate, "100", 8, "half-even"), locale);
}

export function ContractEstimateFacts(props: {
  estimate: ContractEstimate | null;
  basis: PriceBasis | null;
  terms: ContractTerms | null;
  feeRate: string;
  /** "contract-estimate" in the form, "contract-confirm" on the confirm sheet. */
  prefix: string;
}) {
  const { i18n } = useLingui();
  const { estimate, terms } = props;
  const locale = i18n.locale;
  const money = (units: bigint | undefined) =>
    units === undefined ? "—" : formatMoney(usdtString(units), locale);
  const liquidation =
    estimate === null || terms === null
      ? "—"
      : formatPrice(priceText(estimate.liquidation, terms.rules), locale);
  const rate = ratePercent(props.feeRate, locale);
  const estimated = props.basis !== "limit";
  return (
    <dl className="q-contract__facts">
      <dt>
        <Trans comment="Contract estimate: the position's value, entry price × quantity">
          Value (USDT)
        </Trans>
      </dt>
      <dd data-testid={`${props.prefix}-value`}>{money(estimate?.value)}</dd>
      <dt>
        <Trans comment="Contract estimate: the USDT frozen for the position, value / leverage">
          Margin (USDT)
        </Trans>
      </dt>
      <dd data-testid={`${props.prefix}-margin`}>{money(estimate?.margin)}</dd>
      <dt>
        <Trans comment="Contract estimate: the opening fee; rate is a percentage like 0.05">
          Opening fee ({rate} %, USDT)
        </Trans>
      </dt>
      <dd data-testid={`${props.prefix}-fee`}>{money(estimate?.fee)}</dd>
      <dt>
        {estimated ? (
          <Trans comment="Contract estimate of a market order: the liquidation price at the best price now; the fill may differ">
            Liquidation price (estimated)
          </Trans>
        ) : (
          <Trans comment="Contract estimate of a limit order: the liquidation price at the limit price">
            Liquidation price
          </Trans>
        )}
      </dt>
      <dd data-testid={`${props.prefix}-liquidation`}>{liquidation}</dd>
    </dl>
  );
}

/** How the estimate was priced, in one line. */
export function EstimateBasis(props: { basis: PriceBasis; long: boolean }) {
  if (props.basis === "limit") {
    return (
      <Trans comment="Contract estimate note for a limit order">
        At your limit price. The same fee is charged again on the value when the position closes.
      </Trans>
    );
  }
  if (props.basis === "last") {
    return (
      <Trans comment="Contract estimate note for a market order when no order book is on the device">
        Estimated at the last price: a market order fills by walking the order book when it arrives,
        so the entry, margin, fee and liquidation price can differ a little. The same fee is charged
        again on the value when the position closes.
      </Trans>
    );
  }
  return props.long ? (
    <Trans comment="Contract estimate note for a market long">
      Estimated at the best ask now: a market order fills by walking the order book when it arrives,
      so the entry, margin, fee and liquidation price can differ a little. The same fee is charged
      again on the value when the position closes.
    </Trans>
  ) : (
    <Trans comment="Contract estimate note for a market short">
      Estimated at the best bid now: a market order fills by walking the order book when it arrives,
      so the entry, margin, fee and liquidation price can differ a little. The same fee is charged
      again on the value when the position closes.
    </Trans>
  );
}

/** "At 20×, a 4.5 % move against you loses your whole margin." From the rule, not 1/leverage. */
export function LeverageRisk(props: { leverage: number; movePercent: string; testId: string }) {
  const { i18n } = useLingui();
  const leverage = i18n.number(props.leverage);
  const move = formatMoney(props.movePercent, i18n.locale);
  return (
    <p className="q-notice q-contract__risk" role="note" data-testid={props.testId}>
      <Trans comment="Contract risk warning; leverage is a number like 20 (× means times), move a percentage like 4.5">
        At {leverage}×, a {move} % move against you loses your whole margin.
      </Trans>
    </p>
  );
}
