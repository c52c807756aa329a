// The console's first screen: what waits in each queue, whether the ledger holds, and the
// health of the market feed and the workers (/system/status), and the platform's balances read
// on chain beside the ledger (chain-balances-card.tsx).
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import {
  checkLedger,
  listQueue,
  readServiceStatus,
  type QueueName,
} from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { ChainBalancesCard } from "./chain-balances-card";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";
import { useRemote } from "./use-remote";

const COUNT_LIMIT = 100;

async function waiting(queue: QueueName): Promise<string> {
  const page = await listQueue(queue, 0, null, COUNT_LIMIT);
  return page.nextCursor === null ? String(page.items.length) : `${COUNT_LIMIT}+`;
}

function Card(props: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="q-admin-item" data-testid={props.testId}>
      <h2 className="q-admin-subtitle">{props.title}</h2>
      {props.children}
    </section>
  );
}

export function DashboardScreen() {
  const { i18n } = useLingui();
  const counts = useRemote(
    () => Promise.all([waiting("identity"), waiting("recharge"), waiting("withdraw")]),
    "counts",
  );
  const ledger = useRemote(() => checkLedger(), "ledger");
  const status = useRemote(() => readServiceStatus(), "status");
  const checkedAt = ledger.data ? timeText(ledger.data.checkedAt, i18n.locale) : "";
  return (
    <div className="q-admin-grid">
      <Card title={<Trans>Waiting for review</Trans>} testId="dashboard-queues">
        <ErrorLine error={counts.error ? consoleErrorText(i18n, counts.error) : null} />
        {counts.data && (
          <dl className="q-admin-facts">
            <div className="q-admin-fact">
              <dt>
                <Trans>Identity</Trans>
              </dt>
              <dd data-testid="count-identity">{counts.data[0]}</dd>
            </div>
            <div className="q-admin-fact">
              <dt>
                <Trans>Recharges</Trans>
              </dt>
              <dd data-testid="count-recharge">{counts.data[1]}</dd>
            </div>
            <div className="q-admin-fact">
              <dt>
                <Trans>Withdrawals</Trans>
              </dt>
              <dd data-testid="count-withdraw">{counts.data[2]}</dd>
            </div>
          </dl>
        )}
      </Card>
      <Card title={<Trans>Ledger check</Trans>} testId="dashboard-ledger">
        <ErrorLine error={ledger.error ? consoleErrorText(i18n, ledger.error) : null} />
        {ledger.data && (
          <>
            <p
              className={ledger.data.ok ? "q-admin-ok" : "q-admin-warning"}
              data-testid="ledger-state"
              data-ok={ledger.data.ok}
            >
              {ledger.data.ok ? (
                <Trans>Every invariant holds ({checkedAt}).</Trans>
              ) : (
                <Trans>The ledger check found problems ({checkedAt}).</Trans>
              )}
            </p>
            <ul className="q-admin-list">
              {ledger.data.violations.map((violation) => (
                <li key={violation}>
                  <code>{violation}</code>
                </li>
              ))}
            </ul>
          </>
        )}
        <button type="button" className="q-admin-link" onClick={ledger.reload}>
          <Trans>Check again</Trans>
        </button>
      </Card>
      <ChainBalancesCard />
      <Card title={<Trans>Market feed and workers</Trans>} testId="dashboard-services">
        <ErrorLine error={status.error ? consoleErrorText(i18n, status.error) : null} />
        <ul className="q-admin-list">
          {status.data?.services.map((service) => (
            <li key={service.key} data-state={service.state}>
              <code>{service.key}</code> <ServiceState state={service.state} /> {service.uptime} %
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function ServiceState(props: { state: "up" | "degraded" | "down" }) {
  if (props.state === "up") return <Trans>Up</Trans>;
  if (props.state === "degraded") return <Trans>Degraded</Trans>;
  return <Trans>Down</Trans>;
}
