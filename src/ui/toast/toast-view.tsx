import { useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { dismissToast, getToasts, subscribeToasts } from "./toast-store";

export function ToastView() {
  const { t } = useLingui();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <div className="q-toasts" aria-live="assertive">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`q-toast q-toast--${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid="toast"
        >
          <span>{toast.message}</span>
          <button
            type="button"
            className="q-toast__close"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
