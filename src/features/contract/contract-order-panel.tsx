// The contract order panel: the reason the form is disabled (offline, no terms, stale price),
// the form, and the confirm step in a bottom sheet that sends the order. The new position or
// waiting order shows in the lists from IndexedDB as soon as the answer is stored.
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  ContractCommandError,
  newContractOrderKey,
  placeContractOrder,
} from "../../sync/contract-commands";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import { ContractConfirm } from "./contract-confirm";
import type { ContractDraft, ContractFormState } from "./contract-draft";
import { blockText, commandErrorText } from "./contract-labels";
import { ContractOrderForm } from "./contract-order-form";
import { useContractTrading } from "./use-contract-trading";

interface Attempt {
  draft: ContractDraft;
  /** The Idempotency-Key of this attempt: a retry after no answer must not open it twice. */
  key: string;
}

export function ContractOrderPanel(props: {
  userId: string | null;
  symbol: string;
  form: ContractFormState;
  onFormChange: (form: ContractFormState) => void;
}) {
  const { i18n, t } = useLingui();
  const { symbol, form } = props;
  // Here, not in the screen: the price age ticks every second and only the panel needs it.
  const trading = useContractTrading(props.userId, symbol);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = () => {
    setAttempt(null);
    setError(null);
  };

  const confirm = async () => {
    if (attempt === null) return;
    setSending(true);
    setError(null);
    try {
      await placeContractOrder(attempt.draft.request, attempt.key);
      setAttempt(null);
      props.onFormChange({ ...form, amount: "", takeProfit: "", stopLoss: "" });
    } catch (failure) {
      setError(
        failure instanceof ContractCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The order could not be sent. Please try again.",
              comment: "A contract order failed for a reason the app does not know",
            }),
      );
    } finally {
      setSending(false);
    }
  };

  const block = trading.block;
  return (
    <section
      className="q-contract__panel"
      aria-label={t({
        message: "Open a position",
        comment: "Contract: the order panel's name for screen readers",
      })}
      data-testid="contract-order-panel"
    >
      {block !== null && (
        <p
          className="q-notice"
          role="status"
          data-testid={block.kind === "offline" ? "contract-offline-reason" : "contract-blocked"}
          data-reason={block.kind}
        >
          {blockText(i18n, block, symbol)}
        </p>
      )}
      <ContractOrderForm
        symbol={symbol}
        trading={trading}
        form={form}
        onChange={props.onFormChange}
        onReview={(draft) => {
          setError(null);
          setAttempt({ draft, key: newContractOrderKey() });
        }}
      />
      {attempt !== null && (
        <BottomSheet
          title={
            attempt.draft.request.direction === "long"
              ? t({ message: "Confirm: long", comment: "Contract confirm sheet title" })
              : t({ message: "Confirm: short", comment: "Contract confirm sheet title" })
          }
          onClose={sending ? () => undefined : back}
          testId="contract-confirm"
        >
          <ContractConfirm
            draft={attempt.draft}
            feeRate={trading.config?.feeRate ?? "0"}
            block={block}
            sending={sending}
            error={error}
            onConfirm={() => void confirm()}
            onBack={back}
          />
        </BottomSheet>
      )}
    </section>
  );
}
