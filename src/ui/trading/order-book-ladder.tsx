// The order-book ladder beside the order form: the nearest asks above (best at the bottom), the
// last price between, the nearest bids below; each row's depth bar is its share of the largest
// quantity shown. Tapping a row hands its price to the form.
import { Trans, useLingui } from "@lingui/react/macro";
import { compare } from "../../../protocol/decimal";
import { formatThousands } from "../../lib/number";
import "./trading.css";

export type LadderLevel = readonly [price: string, quantity: string];

/** Rows per side: what fits beside the form on a 390×844 screen. */
export const LADDER_ROWS = 7;

/** A share of the largest quantity, for the bar's width only (a float is fine for drawing). */
function share(quantity: string, largest: string): number {
  const q = Number(quantity);
  const l = Number(largest);
  return l > 0 ? Math.min(100, (q / l) * 100) : 0;
}

export function OrderBookLadder(props: {
  asks: readonly LadderLevel[];
  bids: readonly LadderLevel[];
  last: string | null;
  base: string;
  quote: string;
  rows?: number;
  onPick?: (price: string) => void;
}) {
  const { i18n } = useLingui();
  const rows = props.rows ?? LADDER_ROWS;
  const asks = props.asks.slice(0, rows).reverse();
  const bids = props.bids.slice(0, rows);
  const largest = [...asks, ...bids].reduce((max, [, q]) => (compare(q, max) > 0 ? q : max), "0");
  const num = (value: string) => formatThousands(value, i18n.locale);
  const row = (level: LadderLevel, side: "ask" | "bid") => (
    <li key={`${side}-${level[0]}`}>
      <button
        type="button"
        className={`q-ladder__row q-ladder__row--${side}`}
        onClick={() => props.onPick?.(level[0])}
        data-testid={`ladder-${side}`}
        data-price={level[0]}
      >
        <span
          className="q-ladder__bar"
          style={{ width: `${share(level[1], largest)}%` }}
          aria-hidden="true"
        />
        <span className="q-ladder__price">{num(level[0])}</span>
        <span className="q-ladder__qty">{num(level[1])}</span>
      </button>
    </li>
  );
  const quote = props.quote;
  const base = props.base;
  return (
    <section className="q-ladder" data-testid="order-book-ladder">
      <h2 className="q-visually-hidden">
        <Trans>Order book</Trans>
      </h2>
      <div className="q-ladder__head q-muted">
        <span>
          <Trans>Price ({quote})</Trans>
        </span>
        <span>
          <Trans>Amount ({base})</Trans>
        </span>
      </div>
      {asks.length === 0 && bids.length === 0 ? (
        <p className="q-muted q-ladder__empty" data-testid="ladder-empty">
          <Trans>Waiting for the order book…</Trans>
        </p>
      ) : (
        <>
          <ol className="q-ladder__side">{asks.map((level) => row(level, "ask"))}</ol>
          <p className="q-ladder__last" data-testid="ladder-last">
            {props.last === null ? "—" : num(props.last)}
          </p>
          <ol className="q-ladder__side">{bids.map((level) => row(level, "bid"))}</ol>
        </>
      )}
    </section>
  );
}
