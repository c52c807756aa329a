// The signed-in user's card at the top of /home: total assets in USDT (every holding at its last
// price, the valuation /my shows), today's profit and loss from the assets overview, and the
// three things people come to do — deposit, withdraw, trade. All from IndexedDB.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { HoldingsTotal } from "../../ui/holdings/holdings-total";
import { useHoldingsValue } from "../../ui/holdings/use-holdings-value";
import { formatMoney } from "../../lib/format/format-money";
import { useSessionUserId } from "../../ui/app-state/use-app-state";

export function AccountCard() {
  const { i18n } = useLingui();
  const userId = useSessionUserId();
  const holdings = useHoldingsValue(userId);
  if (userId === null) return null;
  const ready = holdings.status === "ready" ? holdings : null;
  const today = ready?.overview?.income.today ?? null;
  return (
    <section
      className="q-card q-home__account"
      aria-labelledby="home-account-title"
      data-testid="home-account"
    >
      <h2 id="home-account-title">
        <Trans>Total assets</Trans>
      </h2>
      {ready?.valuation ? (
        <HoldingsTotal valuation={ready.valuation} testId="home-total" />
      ) : (
        <p className="q-muted" data-testid="home-total-unknown">
          <Trans>Your balances appear here after the first update from the server.</Trans>
        </p>
      )}
      {today !== null && (
        <p className="q-home__pnl" data-testid="home-pnl" data-value={today}>
          <span className="q-muted">
            <Trans>Today's profit and loss</Trans>
          </span>{" "}
          <span>{formatMoney(today, i18n.locale)} USDT</span>
        </p>
      )}
      <nav className="q-home__actions">
        <Link className="q-button" to="/recharge" data-testid="home-deposit">
          <Trans>Deposit</Trans>
        </Link>
        <Link className="q-button" to="/withdrawal" data-testid="home-withdraw">
          <Trans>Withdraw</Trans>
        </Link>
        <Link className="q-button" to="/spots" data-testid="home-trade">
          <Trans>Trade</Trans>
        </Link>
      </nav>
    </section>
  );
}
