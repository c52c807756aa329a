// The options order panel: the form (disabled with the reason while offline, without products,
// with a stale price or while an option is open), the confirm step in a bottom sheet that buys
// the option, and the failure in the user's language. The open option and its result show in
// their own cards, from IndexedDB, as soon as the answer is stored.
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { OptionDirection } from "../../../protocol/options";
import {
  newOptionsOrderKey,
  OptionsCommandError,
  placeOptionsOrder,
} from "../../sync/options-commands";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import { OptionsConfirm, type OptionsDraft } from "./options-confirm";
import { commandErrorText, stakeProblemText } from "./options-labels";
import { stakeProblem } from "./options-math";
import { OptionsOrderForm } from "./options-order-form";
import type { OptionsTrading } from "./use-options-trading";

interface Attempt {
  draft: OptionsDraft;
  /** The Idempotency-Key of this attempt: a retry after no answer must not buy twice. */
  key: string;
}

export function OptionsOrderPanel(props: { symbol: string; trading: OptionsTrading }) {
  const { i18n, t } = useLingui();
  const { symbol, trading } = props;
  const [seconds, setSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const products = trading.products ?? [];
  // The chosen duration while it is offered, else the first product.
  const product = products.find((p) => p.seconds === seconds) ?? products[0] ?? null;

  const review = (direction: OptionDirection) => {
    if (product === null || trading.block !== null) return;
    const problem = stakeProblem(amount, product, trading.available);
    setAmountError(problem === null ? null : stakeProblemText(i18n, problem));
    if (problem !== null) return;
    setError(null);
    setAttempt({ draft: { symbol, direction, product, amount }, key: newOptionsOrderKey() });
  };

  const back = () => {
    setAttempt(null);
    setError(null);
  };

  const confirm = async () => {
    if (attempt === null) return;
    const { draft } = attempt;
    setSending(true);
    setError(null);
    try {
      await placeOptionsOrder(
        {
          symbol: draft.symbol,
          direction: draft.direction,
          seconds: draft.product.seconds,
          amount: draft.amount,
        },
        attempt.key,
      );
      setAttempt(null);
    } catch (failure) {
      setError(
        failure instanceof OptionsCommandError
          ? commandErrorText(i18n, failure)
          : t`The option could not be bought. Please try again.`,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="q-options-panel" data-testid="options-order-panel">
      <OptionsOrderForm
        symbol={symbol}
        trading={trading}
        product={product}
        amount={amount}
        amountError={amountError}
        onProduct={setSeconds}
        onAmount={(next) => {
          setAmount(next);
          setAmountError(null);
        }}
        onReview={review}
      />
      {attempt !== null && (
        <BottomSheet
          title={attempt.draft.direction === "up" ? t`Confirm: up` : t`Confirm: down`}
          onClose={sending ? () => undefined : back}
          testId="options-confirm-sheet"
        >
          <OptionsConfirm
            draft={attempt.draft}
            reference={trading.ticker?.last ?? null}
            block={trading.block}
            sending={sending}
            error={error}
            onConfirm={() => void confirm()}
            onBack={back}
          />
        </BottomSheet>
      )}
    </div>
  );
}
