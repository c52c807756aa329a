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

/** Founders' decision: the house takes the other side of every trade; say so where people trade. */
export function HouseCounterparty() {
  return (
    <p className="q-card q-muted" role="note" data-testid="house-counterparty">
      <Trans>
        Quanta is the other side of every trade: your orders fill against the house at the prices of
        the market feed's order book, not against other users.
      </Trans>
    </p>
  );
}
