// Total assets in USDT (every holding at its last price) with, per asset, whether its price is
// old or missing — so the figure never looks more current or more complete than it is. Shared
// by /my ("Platform balance") and the signed-in home card.
import { useLingui } from "@lingui/react/macro";
import { relativeTime } from "../../lib/time";
import type { Valuation } from "../../lib/valuation";
import { useNow } from "../freshness/use-now";
import { formatMoney } from "../../lib/format/format-money";

export function HoldingsTotal(props: { valuation: Valuation; testId: string }) {
  const { i18n, t } = useLingui();
  const now = useNow(30_000);
  const { valuation } = props;
  const notes = valuation.assets.flatMap((asset) => {
    if (asset.state === "stale" && asset.pricedAt !== null) {
      const ago = relativeTime(new Date(asset.pricedAt), now, i18n.locale, t`just now`);
      const name = asset.asset;
      return [{ asset: name, state: "stale", text: t`${name} at its last known price, ${ago}` }];
    }
    if (asset.state === "missing") {
      const name = asset.asset;
      return [
        {
          asset: name,
          state: "missing",
          text: t`${name}: no price on this device yet, not included`,
        },
      ];
    }
    return [];
  });
  return (
    <>
      <p className="q-my__big" data-testid={props.testId} data-total={valuation.total}>
        {formatMoney(valuation.total, i18n.locale)} USDT
      </p>
      {notes.length > 0 && (
        <ul className="q-my__price-notes">
          {notes.map((note) => (
            <li
              key={note.asset}
              className="q-muted"
              data-testid="valuation-note"
              data-asset={note.asset}
              data-state={note.state}
            >
              {note.text}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
