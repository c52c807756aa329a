// A recharge's transaction looked up on chain (GET /admin/chain/transactions/:hash), on request:
// found or not, status, confirmations, sender and recipient, and the USDT it sent to the deposit
// address, with a warning when no transfer matches the recharge's amount.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { AdminChainTransaction } from "../../../protocol";
import { compare } from "../../../protocol/decimal";
import { formatMoney } from "../../lib/format/format-money";
import { lookUpChainTransaction } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { Fact } from "./queue-screen";

export function ChainTransaction(props: { itemId: string; hash: string; amount: string }) {
  const { i18n } = useLingui();
  const [answer, setAnswer] = useState<AdminChainTransaction | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const lookUp = () => {
    setBusy(true);
    setError(null);
    lookUpChainTransaction(props.hash).then(
      (found) => {
        setAnswer(found);
        setBusy(false);
      },
      (err: unknown) => {
        setError(err);
        setBusy(false);
      },
    );
  };
  return (
    <div data-testid={`recharge-chain-${props.itemId}`}>
      <button type="button" className="q-admin-link" onClick={lookUp} disabled={busy}>
        {answer === null ? <Trans>Look up on chain</Trans> : <Trans>Look up again</Trans>}
      </button>
      <ErrorLine error={error ? consoleErrorText(i18n, error) : null} />
      {answer && <Lookup answer={answer} amount={props.amount} locale={i18n.locale} />}
    </div>
  );
}

function Lookup(props: { answer: AdminChainTransaction; amount: string; locale: string }) {
  const { answer } = props;
  const state = { "data-testid": "chain-tx-state", "data-state": answer.state };
  if (answer.state === "no-chain") {
    return (
      <p className="q-admin-warning" {...state}>
        <Trans>No chain is connected: the transaction cannot be looked up.</Trans>
      </p>
    );
  }
  if (answer.state === "unreachable") {
    return (
      <p className="q-admin-warning" {...state}>
        <Trans>The chain did not answer: the transaction could not be looked up.</Trans>
      </p>
    );
  }
  const block = answer.blockNumber;
  const chainId = answer.chainId;
  if (answer.state === "not-found") {
    return (
      <p className="q-admin-warning" {...state}>
        <Trans>
          Not found on chain {chainId} (head block {block}).
        </Trans>
      </p>
    );
  }
  const matches = answer.transfers.some((t) => compare(t.usdt, props.amount) === 0);
  const confirmations = answer.confirmations;
  const required = answer.confirmationsRequired;
  return (
    <>
      <dl className="q-admin-facts">
        <Fact label={<Trans>On-chain status</Trans>}>
          <span
            {...state}
            className={answer.state === "success" ? "q-admin-ok" : "q-admin-warning"}
          >
            {answer.state === "success" && <Trans>Succeeded</Trans>}
            {answer.state === "reverted" && <Trans>Reverted</Trans>}
            {answer.state === "pending" && <Trans>Pending (not mined yet)</Trans>}
          </span>
        </Fact>
        <Fact label={<Trans>Confirmations</Trans>} testId="chain-tx-confirmations">
          <Trans>
            {confirmations} of {required} (head block {block})
          </Trans>
        </Fact>
        <Fact label={<Trans>From</Trans>}>
          <code>{answer.from}</code>
        </Fact>
        <Fact label={<Trans>To</Trans>}>
          <code>{answer.to ?? "—"}</code>
        </Fact>
      </dl>
      {answer.transfers.length === 0 ? (
        <p className="q-admin-warning" data-testid="chain-tx-no-transfer">
          <Trans>No USDT transfer to the deposit address in this transaction.</Trans>
        </p>
      ) : (
        <ul className="q-admin-list" data-testid="chain-tx-transfers">
          {answer.transfers.map((transfer) => {
            const usdt = formatMoney(transfer.usdt, props.locale);
            const from = transfer.from;
            return (
              <li key={transfer.logIndex}>
                <Trans>
                  {usdt} USDT from <code>{from}</code> to the deposit address
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
      {answer.transfers.length > 0 && !matches && (
        <p className="q-admin-warning" data-testid="chain-tx-amount-differs">
          <Trans>No transfer in it matches the recharge's amount.</Trans>
        </p>
      )}
    </>
  );
}
