// The dashboard's on-chain card: the hot wallet's USDT and ETH and the deposit address's USDT as
// the chain has them at one block, beside the ledger's deposits and withdrawals accounts, so a
// deposit address holding less than the ledger credited from it stands out.
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { AdminChainBalances } from "../../../protocol";
import { sign, sub } from "../../../protocol/decimal";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { readChainBalances } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";
import { useRemote } from "./use-remote";

const USDT_SCALE = 6;

function Fact(props: { label: ReactNode; children: ReactNode; testId?: string; warn?: boolean }) {
  return (
    <div className="q-admin-fact">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId} className={props.warn ? "q-admin-warning" : undefined}>
        {props.children}
      </dd>
    </div>
  );
}

export function ChainBalancesCard() {
  const { i18n } = useLingui();
  const balances = useRemote(() => readChainBalances(), "chain-balances");
  const data = balances.data;
  return (
    <section className="q-admin-item" data-testid="dashboard-chain">
      <h2 className="q-admin-subtitle">
        <Trans>On-chain balances</Trans>
      </h2>
      <ErrorLine error={balances.error ? consoleErrorText(i18n, balances.error) : null} />
      {data && <ChainFacts data={data} locale={i18n.locale} />}
      <button type="button" className="q-admin-link" onClick={balances.reload}>
        <Trans>Read again</Trans>
      </button>
    </section>
  );
}

function ChainFacts(props: { data: AdminChainBalances; locale: string }) {
  const { chain, ledger } = props.data;
  const money = (value: string) => formatMoney(value, props.locale);
  const readAt = timeText(props.data.readAt, props.locale);
  const ledgerFacts = (
    <>
      <Fact label={<Trans>Ledger: credited from deposits (USDT)</Trans>} testId="ledger-deposits">
        {money(ledger.depositsCredited)}
      </Fact>
      <Fact label={<Trans>Ledger: sent as withdrawals (USDT)</Trans>} testId="ledger-withdrawals">
        {money(ledger.withdrawalsSent)}
      </Fact>
    </>
  );
  if (chain.state !== "read") {
    return (
      <>
        <p className="q-admin-warning" data-testid="chain-state" data-state={chain.state}>
          {chain.state === "no-chain" ? (
            <Trans>No chain is connected: balances cannot be read on chain ({readAt}).</Trans>
          ) : (
            <Trans>The chain did not answer: balances could not be read ({readAt}).</Trans>
          )}
        </p>
        <dl className="q-admin-facts">{ledgerFacts}</dl>
      </>
    );
  }
  const block = chain.blockNumber;
  const chainId = chain.chainId;
  const difference = sub(chain.deposits.total, ledger.depositsCredited, USDT_SCALE);
  const count = chain.deposits.count;
  const shown = chain.deposits.largest.length;
  return (
    <>
      <p className="q-admin-note" data-testid="chain-state" data-state="read" data-block={block}>
        <Trans>
          Read at block {block} on chain {chainId} ({readAt}).
        </Trans>
      </p>
      <dl className="q-admin-facts">
        {chain.hotWallet === null ? (
          <Fact label={<Trans>Hot wallet</Trans>}>
            <Trans>None configured</Trans>
          </Fact>
        ) : (
          <>
            <Fact label={<Trans>Hot wallet</Trans>}>
              <code>{chain.hotWallet.address}</code>
            </Fact>
            <Fact label={<Trans>Hot wallet (USDT, on chain)</Trans>} testId="chain-hot-usdt">
              {money(chain.hotWallet.usdt)}
            </Fact>
            <Fact label={<Trans>Hot wallet (ETH for gas)</Trans>} testId="chain-hot-eth">
              {money(chain.hotWallet.eth)}
            </Fact>
          </>
        )}
        <Fact label={<Trans>Deposit addresses (USDT, on chain)</Trans>} testId="chain-deposits">
          {money(chain.deposits.total)}
        </Fact>
        {ledgerFacts}
        <Fact
          label={<Trans>Deposits on chain minus credited</Trans>}
          testId="chain-deposit-difference"
          warn={sign(difference) < 0}
        >
          {formatSignedMoney(difference, props.locale)}
        </Fact>
      </dl>
      <p className="q-admin-note">
        <Trans>
          Largest deposit addresses: {shown} of {count}
        </Trans>
      </p>
      <ul className="q-admin-list" data-testid="chain-deposit-list">
        {chain.deposits.largest.map((entry) => (
          <li key={entry.address}>
            <code>{entry.address}</code> {money(entry.usdt)}
          </li>
        ))}
      </ul>
    </>
  );
}
