// The user's settled options, newest first, from IndexedDB (so they render offline): each with
// its result, figures and ticks, and Verify — which recomputes the result from the tick record.
import { Trans } from "@lingui/react/macro";
import { useOptionsHistory } from "../../db/queries/options";
import { OptionFacts, OptionResultLine } from "./option-facts";
import { OptionVerify } from "./option-verify";

export function OptionsHistory(props: { userId: string | null }) {
  const history = useOptionsHistory(props.userId);
  const orders = history.status === "ready" ? history.value : [];
  return (
    <section className="q-card q-options-history" data-testid="options-history">
      <h2>
        <Trans>History</Trans>
      </h2>
      {history.status === "ready" && orders.length === 0 && (
        <p className="q-muted" data-testid="options-history-empty">
          <Trans>No settled options yet.</Trans>
        </p>
      )}
      {history.status === "error" && (
        <p className="q-muted">
          <Trans>The history could not be read on this device.</Trans>
        </p>
      )}
      <ul className="q-options-history__list">
        {orders.map((order) => (
          <li
            key={order.id}
            className="q-options-history__item"
            data-testid="options-history-item"
            data-order-id={order.id}
            data-result={order.result ?? ""}
          >
            <OptionResultLine order={order} testId="options-result" />
            <OptionFacts order={order} tickTestIds />
            <OptionVerify order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}
