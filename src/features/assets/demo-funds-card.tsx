// Demo mode only (DESIGN §1.5): "Get demo funds" puts 1000 test USDT on the balance as bill 106,
// through the outbox. The card says plainly that this is not real money; in production it is
// never rendered (and the server would refuse it anyway).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useOutbox } from "../../db/outbox";
import { useSystemFacts } from "../../db/sync-state";
import { DEMO_CREDIT_AMOUNT, requestDemoFunds } from "../../sync/commands";
import { showToast } from "../../ui/toast/toast-store";
import { newestEntry, OutboxBadge } from "../../ui/outbox/outbox-badge";

export function DemoFundsCard() {
  const { t } = useLingui();
  const facts = useSystemFacts();
  const outbox = useOutbox({ command: "wallet.demo-credit" });
  const [saving, setSaving] = useState(false);
  if (facts?.mode !== "demo") return null;

  const entry = outbox.status === "ready" ? newestEntry(outbox.value) : undefined;
  // One request at a time: a second tap while the first is on its way would credit twice.
  const busy = saving || entry?.state === "waiting" || entry?.state === "sending";
  const amount = DEMO_CREDIT_AMOUNT;

  const request = async () => {
    setSaving(true);
    try {
      await requestDemoFunds(amount);
    } catch {
      showToast(t`The request could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="q-card q-my__demo" aria-labelledby="my-demo-title">
      <h2 id="my-demo-title">
        <Trans>Demo funds</Trans>
      </h2>
      <p className="q-muted">
        <Trans>
          This is a demo. Demo funds are test money for trying Quanta out: they are not real, cannot
          be withdrawn as real money and exist only on this demo server.
        </Trans>
      </p>
      <button
        type="button"
        className="q-button"
        disabled={busy}
        onClick={() => void request()}
        data-testid="demo-credit"
      >
        <Trans>Get {amount} USDT of demo funds</Trans>
      </button>
      {entry !== undefined && <OutboxBadge row={entry} />}
    </section>
  );
}
