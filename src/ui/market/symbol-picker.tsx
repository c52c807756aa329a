// Which market a trading screen shows: a select of the symbols the tickers table knows (the
// default alone until the first tickers arrived), or of the screen's own list (spot: the symbols
// its trading terms list).
import { useLingui } from "@lingui/react/macro";
import { useTickers } from "../../db/queries/market";
import { sortBySymbol } from "../../lib/symbol-order";

export const DEFAULT_SYMBOL = "BTC/USDT";

export function SymbolPicker(props: {
  value: string;
  onChange: (symbol: string) => void;
  /** The symbols to offer instead of every ticker's. */
  symbols?: readonly string[];
}) {
  const { t } = useLingui();
  const tickers = useTickers();
  const known =
    props.symbols ?? (tickers.status === "ready" ? tickers.value.map((row) => row.symbol) : []);
  // The one order every market list uses (lib/symbol-order).
  const symbols = sortBySymbol(
    known.includes(props.value) ? known : [props.value, ...known],
    (s) => s,
  );
  return (
    <select
      className="q-symbol-picker"
      aria-label={t`Market`}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid="symbol-picker"
    >
      {symbols.map((symbol) => (
        <option key={symbol} value={symbol}>
          {symbol}
        </option>
      ))}
    </select>
  );
}
