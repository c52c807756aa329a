// The newest settled option as a card to keep or share: its result, figures and ticks, with
// "Save as image" (a PNG of this card). It is read from IndexedDB like the history.
import { Trans } from "@lingui/react/macro";
import { useRef } from "react";
import type { OptionsOrderRow } from "../../db/queries/options";
import { OptionFacts, OptionResultLine } from "./option-facts";
import { SaveImageButton } from "./save-image-button";

export function OptionsResultCard(props: { order: OptionsOrderRow }) {
  const cardRef = useRef<HTMLDivElement>(null);
  const { order } = props;
  return (
    <section className="q-options-result-card" data-testid="options-result-card">
      <div className="q-card q-options-result-card__capture" ref={cardRef}>
        <h2>
          <Trans>Latest result</Trans>
        </h2>
        <OptionResultLine order={order} testId="options-last-result" />
        <OptionFacts order={order} />
      </div>
      <div className="q-options__actions">
        <SaveImageButton target={cardRef} symbol={order.symbol} testId="options-save-image" />
      </div>
    </section>
  );
}
