// One completed order: direction, market and leverage; entry price, time, quantity, value, close
// price, how it ended, pnl and fees; and for a liquidation, take-profit or stop-loss the recorded
// tick that closed it (seq, price, time, hash) with Verify. From IndexedDB, so it renders offline.
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ContractOrderRow } from "../../db/queries/contract";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { formatPrice } from "../../lib/format/format-price";
import { ContractItemHead } from "./contract-item-head";
import { ContractVerify } from "./contract-verify";
import { stateLabel } from "./contract-labels";

export function ContractHistoryItem(props: { order: ContractOrderRow }) {
  const { i18n } = useLingui();
  const { order } = props;
  const locale = i18n.locale;
  const opened = order.openedAt ?? order.time;
  const pnl = order.pnl === null ? "—" : formatSignedMoney(order.pnl, locale);
  const trend = order.pnl === null ? "" : order.pnl.startsWith("-") ? "q-down" : "q-up";
  const fact = (label: ReactNode, value: ReactNode, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <li
      className="q-contract__item"
      data-testid={`contract-history-${order.id}`}
      data-id={order.id}
      data-reason={order.closeReason ?? ""}
    >
      <ContractItemHead order={order}>
        <span className="q-contract__state" data-testid="contract-history-state">
          {i18n._(stateLabel(order))}
        </span>
      </ContractItemHead>
      <dl className="q-contract__item-facts">
        {fact(
          <Trans comment="Contract history: realised profit or loss">PnL (USDT)</Trans>,
          <span className={trend}>{pnl}</span>,
          "contract-history-pnl",
        )}
        {fact(
          <Trans comment="Contract history: the price the position opened at">Entry price</Trans>,
          formatPrice(order.price, locale),
          "contract-history-entry",
        )}
        {fact(
          <Trans comment="Contract history: the price the position closed at">Close price</Trans>,
          order.closePrice === null ? "—" : formatPrice(order.closePrice, locale),
          "contract-history-close-price",
        )}
        {fact(
          <Trans comment="Contract history: quantity of the base coin">Quantity</Trans>,
          formatMoney(order.quantity, locale),
        )}
        {fact(
          <Trans comment="Contract history: entry price × quantity">Value (USDT)</Trans>,
          formatMoney(order.value, locale),
        )}
        {fact(
          <Trans comment="Contract history: opening plus closing fee">Fees (USDT)</Trans>,
          formatMoney(order.fee, locale),
          "contract-history-fee",
        )}
        {fact(
          order.openedAt === null ? (
            <Trans comment="Contract history: when a limit order that never opened was placed">
              Placed
            </Trans>
          ) : (
            <Trans comment="Contract history: when the position opened">Opened</Trans>
          ),
          <time dateTime={opened}>{formatContentDate(opened, locale, true)}</time>,
        )}
        {order.closedAt !== null &&
          fact(
            <Trans comment="Contract history: when the position closed">Closed</Trans>,
            <time dateTime={order.closedAt}>
              {formatContentDate(order.closedAt, locale, true)}
            </time>,
          )}
      </dl>
      {order.closeTick !== null && <ClosingTick tick={order.closeTick} />}
      {order.closeTick !== null && <ContractVerify order={order} />}
    </li>
  );
}

/** The recorded tick that closed it: its number, price, time and hash (shortened, full on hover). */
function ClosingTick(props: { tick: NonNullable<ContractOrderRow["closeTick"]> }) {
  const { i18n } = useLingui();
  const { tick } = props;
  const seq = tick.seq;
  const price = formatPrice(tick.price, i18n.locale);
  const time = formatContentDate(tick.ts, i18n.locale, true);
  const hash = `${tick.hash.slice(0, 10)}…`;
  return (
    <p className="q-muted q-contract__tick" data-testid="contract-history-tick" data-seq={seq}>
      <Trans comment="Contract history: the recorded market tick that closed the position; hash is shortened">
        Closed by tick #{seq} at {price}, {time}, hash <code title={tick.hash}>{hash}</code>
      </Trans>
    </p>
  );
}
