// The open option: its direction, stake and duration, the entry price once its tick is recorded,
// and the countdown to expiry. It is read from IndexedDB (the purchase's answer, then the change
// log), so it survives a reload and shows offline; at expiry the settlement replaces it.
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionTick } from "../../../protocol/options";
import type { OptionsOrderRow } from "../../db/queries/options";
import { formatSeconds } from "../../lib/format/format-duration";
import { formatMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { formatDateTime, parseServerTime } from "../../lib/time";
import { Countdown } from "./countdown";
import { directionLabel } from "./options-labels";

export function OptionsOpenOrder(props: { order: OptionsOrderRow; entry: OptionTick | null }) {
  const { i18n } = useLingui();
  const { order, entry } = props;
  const locale = i18n.locale;
  const stake = formatMoney(order.number, locale);
  const fee = formatMoney(order.fee, locale);
  const seconds = formatSeconds(order.seconds, i18n.locale);
  const time = formatDateTime(parseServerTime(order.time), locale, { timeStyle: "medium" });
  return (
    <section
      className={`q-card q-options-open q-options-open--${order.direction}`}
      data-testid="options-open-order"
      data-order-id={order.id}
    >
      <header className="q-options-open__head">
        <h2>
          <Trans>Open option</Trans>
        </h2>
        <Countdown
          expiresAt={order.expiresAt}
          testId="options-countdown"
          className="q-options-open__countdown"
        />
      </header>
      <dl className="q-options__facts">
        <dt>
          <Trans>Direction</Trans>
        </dt>
        <dd data-testid="options-open-direction">
          {order.symbol} · {i18n._(directionLabel(order.direction))} · {seconds}
        </dd>
        <dt>
          <Trans>Stake</Trans>
        </dt>
        <dd data-testid="options-open-stake">
          <Trans>
            {stake} USDT (fee {fee})
          </Trans>
        </dd>
        <dt>
          <Trans>Accepted</Trans>
        </dt>
        <dd>
          <time dateTime={order.time}>{time}</time>
        </dd>
        <dt>
          <Trans>Entry price</Trans>
        </dt>
        <dd data-testid="options-open-entry">
          {entry === null ? (
            <span className="q-muted">
              <Trans>the first tick after acceptance, waiting for it…</Trans>
            </span>
          ) : (
            <EntryTick price={formatPrice(entry.price, locale)} seq={entry.seq} />
          )}
        </dd>
      </dl>
    </section>
  );
}

function EntryTick(props: { price: string; seq: string }) {
  const { price, seq } = props;
  return (
    <Trans>
      {price} (tick #{seq})
    </Trans>
  );
}
