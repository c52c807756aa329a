// "Clear local data": deletes this device's database and reloads; the app then downloads
// everything again from the server. Asks first, and says what would be lost: changes that have
// not been sent yet (the demo wallet's key is kept, see src/db/queries/local-data.ts).
import { Plural, Trans } from "@lingui/react/macro";
import { useState } from "react";
import { countUnsent, deleteLocalData } from "../../db/queries/local-data";

export function ClearLocalData() {
  const [confirming, setConfirming] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const ask = async () => {
    setFailed(false);
    setUnsent(await countUnsent().catch(() => 0));
    setConfirming(true);
  };

  const clear = async () => {
    setBusy(true);
    try {
      await deleteLocalData();
      window.location.reload();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <section className="q-card q-system__clear">
      <h2>
        <Trans>Local data</Trans>
      </h2>
      <p className="q-muted">
        <Trans>
          Everything this app shows is kept on this device so it works offline. Clearing deletes it;
          it is downloaded again from the server.
        </Trans>
      </p>
      {!confirming ? (
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={() => void ask()}
          data-testid="clear-local-data"
        >
          <Trans>Clear local data</Trans>
        </button>
      ) : (
        <div className="q-system__confirm" role="group">
          {unsent > 0 && (
            <p className="q-notice" data-testid="clear-local-data-unsent">
              <Plural
                value={unsent}
                one="# change has not been sent yet and will be lost."
                other="# changes have not been sent yet and will be lost."
              />
            </p>
          )}
          <button
            type="button"
            className="q-button q-button--danger"
            disabled={busy}
            onClick={() => void clear()}
            data-testid="clear-local-data-confirm"
          >
            <Trans>Delete and reload</Trans>
          </button>
          <button
            type="button"
            className="q-button q-button--ghost"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      )}
      {failed && (
        <p className="q-field__error" role="alert">
          <Trans>The data could not be deleted. Close the app's other tabs and try again.</Trans>
        </p>
      )}
    </section>
  );
}
