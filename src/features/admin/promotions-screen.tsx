// The promotions budget that invitation rewards are paid from: what is in it, what was paid and
// what waits for budget, and (with `manage`) funding it — the same domain function as
// `npm run admin -- promotions fund`. Production takes the amount from the deposits account, a
// demo from the demo issuer. One Idempotency-Key per amount until it succeeds, so a retry after
// a lost answer funds once.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { fundPromotions, readPromotions } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";
import { useRemote } from "./use-remote";

export function PromotionsScreen() {
  const { t, i18n } = useLingui();
  const canFund = allows(useOperator().session, "manage");
  const budget = useRemote(() => readPromotions(), "promotions");
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [funded, setFunded] = useState<string | null>(null);

  const changeAmount = (value: string) => {
    setAmount(value);
    setKey(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const attempt = key ?? crypto.randomUUID();
    setKey(attempt);
    setBusy(true);
    setError(null);
    setFunded(null);
    fundPromotions(amount.trim(), attempt).then(
      (answer) => {
        setBusy(false);
        setKey(null);
        setAmount("");
        setFunded(answer.amount);
        budget.reload();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  const view = budget.data;
  return (
    <section data-testid="admin-promotions">
      <h1 className="q-admin-title">
        <Trans>Promotions budget</Trans>
      </h1>
      <ErrorLine error={budget.error ? consoleErrorText(i18n, budget.error) : null} role="alert" />
      {view && (
        <dl className="q-admin-card" data-testid="promotions-budget">
          <dt>
            <Trans>Budget</Trans>
          </dt>
          <dd data-testid="promotions-balance">
            {view.balance} {view.asset}
          </dd>
          <dt>
            <Trans>Rewards paid</Trans>
          </dt>
          <dd>
            {view.paidCount} · {view.paidAmount} {view.asset}
          </dd>
          <dt>
            <Trans>Rewards waiting for budget</Trans>
          </dt>
          <dd>
            {view.waitingCount} · {view.waitingAmount} {view.asset}
          </dd>
        </dl>
      )}
      {canFund && (
        <form className="q-admin-card" onSubmit={submit} noValidate>
          <TextField
            label={t`Amount to add (USDT)`}
            value={amount}
            onChange={changeAmount}
            inputMode="decimal"
            testId="promotions-amount"
          />
          <p className="q-muted">
            <Trans>
              Production takes it from the deposits account (send that USDT to the deposit wallet
              first); a demo server takes it from the demo issuer.
            </Trans>
          </p>
          <ErrorLine error={error} role="alert" />
          {funded !== null && (
            <p className="q-admin-ok" data-testid="promotions-funded">
              <Trans>Added {funded} USDT</Trans>
            </p>
          )}
          <button
            className="q-admin-button"
            type="submit"
            disabled={busy}
            data-testid="promotions-fund"
          >
            <Trans>Fund</Trans>
          </button>
        </form>
      )}
    </section>
  );
}
