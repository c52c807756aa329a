// The result of an order, fixed just above the tab bar (the shell's `--q-bottom-inset`), never
// behind it; it dismisses itself after a while, or at once with its button.
import { useLingui } from "@lingui/react/macro";
import { useEffect, type ReactNode } from "react";
import "./trading.css";

/** Long enough to read a fill's price and fee. */
export const TRADE_TOAST_MS = 12_000;

export function TradeToast(props: {
  tone: "success" | "info" | "error";
  onDismiss: () => void;
  children: ReactNode;
  testId?: string;
  status?: string;
}) {
  const { t } = useLingui();
  const { onDismiss } = props;
  useEffect(() => {
    const timer = setTimeout(onDismiss, TRADE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div
      className={`q-trade-toast q-trade-toast--${props.tone}`}
      role="status"
      data-testid={props.testId}
      data-status={props.status}
    >
      <div className="q-trade-toast__body">{props.children}</div>
      <button
        type="button"
        className="q-trade-toast__close"
        aria-label={t`Dismiss`}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
