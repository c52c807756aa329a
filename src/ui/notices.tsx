import { Trans } from "@lingui/react/macro";

/** DESIGN §1.4: wherever money is at risk, say plainly that it can all be lost. */
export function RiskWarning() {
  return (
    <p className="q-notice" role="note" data-testid="risk-warning">
      <Trans>
        Trading is risky: prices move fast and you can lose all of your stake. Only use money you
        can afford to lose.
      </Trans>
    </p>
  );
}

/** Honest about screens whose function has not shipped yet. */
export function NotYetAvailable() {
  return (
    <p className="q-card q-muted" data-testid="not-yet-available">
      <Trans>This part of Quanta is still being built and is not available yet.</Trans>
    </p>
  );
}
