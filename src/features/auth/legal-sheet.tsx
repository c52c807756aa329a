import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { PrivacyPolicyText, UserAgreementText } from "./legal-texts";

export type LegalDocument = "agreement" | "privacy";

/** A modal sheet with one legal text; Escape, the backdrop and the button close it. */
export function LegalSheet(props: { doc: LegalDocument | null; onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const { doc, onClose } = props;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (doc !== null && !element.open) element.showModal();
    if (doc === null && element.open) element.close();
  }, [doc]);

  const title = doc === "privacy" ? t`Privacy Policy` : t`User Agreement`;
  return (
    <dialog
      ref={dialog}
      className="q-sheet"
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="legal-sheet"
    >
      {doc !== null && (
        <div className="q-sheet__body">
          <h2>{title}</h2>
          {doc === "privacy" ? <PrivacyPolicyText /> : <UserAgreementText />}
          <button type="button" className="q-button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      )}
    </dialog>
  );
}
