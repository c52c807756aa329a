// What a settled option was and how it ended, as every place shows it (the history items and
// the result card): result with profit, stake and fee, entry and exit prices with their tick
// numbers, duration and time — all from the stored order, so it renders offline.
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionsOrder } from "../../../protocol/options";
import { formatSeconds } from "../../lib/format/format-duration";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { formatDateTime, parseServerTime } from "../../lib/time";
import { directionLabel, resultLabel } from "./options-labels";

export function resultClass(order: Pick<OptionsOrder, "result">): string {
  return order.result === "win" ? "q-up" : order.result === "lose" ? "q-down" : "";
}

/** "Won +8.5 USDT" — the result word and the profit. */
export function OptionResultLine(props: { order: OptionsOrder; testId?: string }) {
  const { i18n } = useLingui();
  const { order } = props;
  // A tie or a void says what came back in its word; only a win or a loss has a profit to add.
  const profit =
    order.profit === null || order.result === "tie" || order.result === "void"
      ? null
      : formatSignedMoney(order.profit, i18n.locale);
  return (
    <p className={`q-options-result ${resultClass(order)}`} data-testid={props.testId}>
      <strong>{i18n._(resultLabel(order.result))}</strong>
      {profit !== null && <span> {profit} USDT</span>}
    </p>
  );
}

export function OptionFacts(props: { order: OptionsOrder; tickTestIds?: boolean }) {
  const { i18n } = useLingui();
  const { order } = props;
  const locale = i18n.locale;
  const stake = formatMoney(order.number, locale);
  const fee = formatMoney(order.fee, locale);
  const seconds = formatSeconds(order.seconds, locale);
  const buy = order.buyPrice === null ? "—" : formatPrice(order.buyPrice, locale);
  const sell = order.sellPrice === null ? "—" : formatPrice(order.sellPrice, locale);
  const profit = order.profit === null ? "—" : formatSignedMoney(order.profit, locale);
  const time = formatDateTime(parseServerTime(order.time), locale);
  const entrySeq = order.entryTick?.seq ?? null;
  const exitSeq = order.exitTick?.seq ?? null;
  const ids = props.tickTestIds === true;
  return (
    <dl className="q-options__facts">
      <dt>
        <Trans>Order</Trans>
      </dt>
      <dd>
        {order.symbol} · {i18n._(directionLabel(order.direction))} · {seconds}
      </dd>
      <dt>
        <Trans>Stake</Trans>
      </dt>
      <dd>
        <Trans>
          {stake} USDT (fee {fee})
        </Trans>
      </dd>
      <dt>
        <Trans>Buy price</Trans>
      </dt>
      <dd>{buy}</dd>
      <dt>
        <Trans>Sell price</Trans>
      </dt>
      <dd>{sell}</dd>
      <dt>
        <Trans>Profit</Trans>
      </dt>
      <dd className={resultClass(order)}>{profit} USDT</dd>
      <dt>
        <Trans>Time</Trans>
      </dt>
      <dd>
        <time dateTime={order.time}>{time}</time>
      </dd>
      <dt>
        <Trans>Ticks</Trans>
      </dt>
      <dd>
        {entrySeq === null || exitSeq === null ? (
          <span className="q-muted">
            <Trans>none: no tick was recorded in the option's time</Trans>
          </span>
        ) : (
          <>
            <span data-testid={ids ? "options-entry-tick" : undefined}>
              <Trans>entry #{entrySeq}</Trans>
            </span>
            {" → "}
            <span data-testid={ids ? "options-exit-tick" : undefined}>
              <Trans>exit #{exitSeq}</Trans>
            </span>
          </>
        )}
      </dd>
    </dl>
  );
}
