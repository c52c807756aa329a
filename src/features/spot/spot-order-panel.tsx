// The order panel of /spots: the form (disabled with the reason while offline, without terms or
// with a stale price), the confirm step in a bottom sheet that sends the order, and what came of
// the last one as a toast above the tab bar. The form's state belongs to the screen, so that a
// tap on the order book can set its price.
import { useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import type { SpotOrderRow } from "../../db/queries/spot";
import { newSpotOrderKey, placeSpotOrder, SpotCommandError } from "../../sync/spot-commands";
import { blockText, commandErrorText } from "./spot-labels";
import type { SpotDraft, SpotFormState } from "./spot-draft";
import { SpotOrderConfirm } from "./spot-order-confirm";
import { SpotOrderForm } from "./spot-order-form";
import { SpotOrderOutcome } from "./spot-order-outcome";
import { useSpotTrading } from "./use-spot-trading";

interface Attempt {
  draft: SpotDraft;
  /** The Idempotency-Key of this attempt: a retry after no answer must not place it twice. */
  key: string;
}

export function SpotOrderPanel(props: {
  userId: string | null;
  symbol: string;
  form: SpotFormState;
  onFormChange: (form: SpotFormState) => void;
}) {
  const { i18n, t } = useLingui();
  const { symbol } = props;
  // Here, not in the screen: the price age ticks every second and only the panel needs it.
  const trading = useSpotTrading(props.userId, symbol);
  const { form, onFormChange: setForm } = props;
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SpotOrderRow | null>(null);
  const dismissOutcome = useCallback(() => setOutcome(null), []);
  const back = () => {
    setAttempt(null);
    setError(null);
  };

  const confirm = async () => {
    if (attempt === null) return;
    setSending(true);
    setError(null);
    try {
      const order = await placeSpotOrder(attempt.draft.request, attempt.key);
      setOutcome(order);
      setAttempt(null);
      setForm({ ...form, number: "", total: "" });
    } catch (failure) {
      setError(
        failure instanceof SpotCommandError
          ? commandErrorText(i18n, failure)
          : t`The order could not be sent. Please try again.`,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      className="q-spot__panel"
      aria-label={t`Place an order`}
      data-testid="spot-order-panel"
    >
      {trading.block !== null && (
        <p
          className="q-notice"
          role="status"
          data-testid="spot-blocked"
          data-reason={trading.block.kind}
        >
          {blockText(i18n, trading.block, symbol)}
        </p>
      )}
      <SpotOrderForm
        symbol={symbol}
        trading={trading}
        form={form}
        onChange={setForm}
        onReview={(draft) => {
          setError(null);
          setOutcome(null);
          setAttempt({ draft, key: newSpotOrderKey() });
        }}
      />
      {attempt !== null && (
        <BottomSheet
          title={attempt.draft.request.side === 0 ? t`Confirm the purchase` : t`Confirm the sale`}
          onClose={sending ? () => undefined : back}
          testId="spot-confirm-sheet"
        >
          <SpotOrderConfirm
            draft={attempt.draft}
            block={trading.block}
            maxSlippage={trading.config?.maxSlippage ?? "0"}
            sending={sending}
            error={error}
            onConfirm={() => void confirm()}
            onBack={back}
          />
        </BottomSheet>
      )}
      {outcome !== null && <SpotOrderOutcome order={outcome} onDismiss={dismissOutcome} />}
    </section>
  );
}
