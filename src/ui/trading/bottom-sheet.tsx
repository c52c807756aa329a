// A modal sheet rising from the bottom of the screen, above the tab bar: the pair list and the
// order confirmation. Escape, the backdrop or the close button dismiss it.
import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, type ReactNode } from "react";
import "./trading.css";

export function BottomSheet(props: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const { onClose } = props;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="q-sheet">
      <div className="q-sheet__backdrop" onClick={onClose} aria-hidden="true" />
      <section
        className="q-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={props.testId}
      >
        <header className="q-sheet__head">
          <h2 id={titleId} className="q-sheet__title">
            {props.title}
          </h2>
          <button
            type="button"
            className="q-sheet__close"
            aria-label={t`Close`}
            onClick={onClose}
            data-testid="sheet-close"
          >
            ×
          </button>
        </header>
        {props.children}
      </section>
    </div>
  );
}
