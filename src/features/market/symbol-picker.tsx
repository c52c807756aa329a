// Which market a trading screen shows: a select of the symbols the tickers table knows (the
// default alone until the first tickers arrived).
import { useLingui } from "@lingui/react/macro";
import { useTickers } from "../../db/queries/market";

export const DEFAULT_SYMBOL = "BTC/USDT";

export function SymbolPicker(props: { value: string; onChange: (symbol: string) => void }) {
  const { t } = useLingui();
  const tickers = useTickers();
  const known = tickers.status === "ready" ? tickers.value.map((row) => row.symbol) : [];
  const symbols = known.includes(props.value) ? known : [props.value, ...known];
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
