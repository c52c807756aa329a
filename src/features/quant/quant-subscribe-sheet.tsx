// Subscribing to a plan: the amount within the plan's range and the quota left, what the loss
// limit means in USDT, the risk warning and who is on the other side. The plan's own rules
// (protocol subscriptionRefusal: level, range, quota) are checked here first and worded like
// the server's refusals; the server has the last word (and checks the balance). Online only.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits, isDecimalString, parseUnits } from "../../../protocol/decimal";
import { planTermsOf, subscriptionRefusal, type QuantPlan } from "../../../protocol/quant";
import type { QuantQuotaRow } from "../../db/queries/quant";
import { refusalText } from "../../i18n/refusal-text";
import { formatMoney } from "../../lib/format/format-money";
import { DecimalField } from "../../ui/form/decimal-field";
import { RiskWarning } from "../../ui/notices";
import { newQuantKey, QuantCommandError, subscribeToPlan } from "../../sync/quant-commands";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import { ConfirmActions } from "../../ui/trading/confirm-actions";
import { useTickers } from "../../db/queries/market";
import { useSpotConfig } from "../../db/queries/spot";
import { useNow } from "../../ui/freshness/use-now";
import { subscribeBlock, subscribeBlockText } from "./quant-availability";
import { commandErrorText, planTitle } from "./quant-labels";
import { maxLossAmount, ratePercent } from "./quant-math";

const usdt = (value: string) => parseUnits(value, USDT_SCALE);
const usdtText = (units: bigint) => formatUnits(units, USDT_SCALE);

export function QuantSubscribeSheet(props: {
  plan: QuantPlan;
  userId: string | null;
  quota: QuantQuotaRow | null;
  /** Available USDT, null until the overview was read. */
  balance: string | null;
  offline: boolean;
  onClose: () => void;
  onSubscribed: () => void;
}) {
  const { i18n, t } = useLingui();
  const { plan, quota } = props;
  const locale = i18n.locale;
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState(newQuantKey);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const min = formatMoney(plan.minAmount, locale);
  const max = formatMoney(plan.maxAmount, locale);
  const lossRate = formatMoney(ratePercent(plan.maxLossRate), locale);
  const leverage = i18n.number(plan.leverage);
  const loss = isDecimalString(amount) ? maxLossAmount(amount, plan.maxLossRate) : null;
  const lossText = loss === null ? "—" : formatMoney(loss, locale);
  const tickers = useTickers();
  const spot = useSpotConfig(props.userId);
  // The price age limit is seconds: looked at every second.
  const now = useNow(1_000);
  const block = subscribeBlock({
    offline: props.offline,
    quotaKnown: quota !== null,
    symbols: plan.tradingArea,
    tickerOf: (symbol) =>
      tickers.status === "ready" ? (tickers.value.find((r) => r.symbol === symbol) ?? null) : null,
    maxSeconds: spot.status === "ready" ? (spot.value?.config.maxPriceAgeSeconds ?? null) : null,
    now,
  });
  const blocked = block === null ? null : subscribeBlockText(i18n, block);

  const confirm = async () => {
    if (quota === null) return;
    if (!isDecimalString(amount) || usdt(amount) <= 0n) {
      setError(t({ message: "Enter an amount.", comment: "Quant subscribe: no amount yet" }));
      return;
    }
    const refusal = subscriptionRefusal(
      planTermsOf(plan, usdt),
      usdt(amount),
      { creditLevel: quota.creditLevel, availableQuota: usdt(quota.availableQuota) },
      usdtText,
    );
    if (refusal !== null) {
      setError(refusalText(i18n, refusal));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await subscribeToPlan(plan.id, amount, key);
      props.onSubscribed();
    } catch (failure) {
      setError(
        failure instanceof QuantCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The subscription could not be sent. Please try again.",
              comment: "A quant subscription failed for a reason the app does not know",
            }),
      );
    } finally {
      setSending(false);
    }
  };

  const available = quota === null ? "—" : formatMoney(quota.availableQuota, locale);
  const balance = props.balance === null ? "—" : formatMoney(props.balance, locale);
  return (
    <BottomSheet
      title={planTitle(i18n, plan)}
      onClose={sending ? () => undefined : props.onClose}
      testId="quant-subscribe"
    >
      <div className="q-quant__sheet">
        <DecimalField
          label={
            <Trans comment="Quant subscribe: the amount to put into the plan">Amount (USDT)</Trans>
          }
          value={amount}
          scale={USDT_SCALE}
          onChange={(value) => {
            setAmount(value);
            setError(null);
            // Another amount is another request: a retry of this one must not reuse the key.
            setKey(newQuantKey());
          }}
          hint={
            <Trans comment="Quant subscribe: the plan's range, the quota left and the balance">
              From {min} to {max} USDT. Your quota leaves {available} USDT; your balance is{" "}
              {balance} USDT.
            </Trans>
          }
          hintTestId="quant-subscribe-hint"
          testId="quant-subscribe-amount"
        />
        <p className="q-quant__risk" data-testid="quant-subscribe-max-loss">
          <Trans comment="Quant subscribe: what the plan's loss limit means in USDT">
            The plan stops when its loss reaches {lossRate} % of the amount: {lossText} USDT. Prices
            can move past that before it closes; you never lose more than the amount.
          </Trans>
        </p>
        <p className="q-muted" data-testid="quant-subscribe-house">
          <Trans comment="Quant subscribe: who is on the other side, and what happens to the amount">
            Quanta (the house) is the counterparty to every trade this plan makes, at the market
            feed's prices, with up to {leverage}× the amount. The amount is frozen until the plan
            ends; then it comes back with what the plan earned, or less what it lost.
          </Trans>
        </p>
        <RiskWarning />
        <ConfirmActions
          blocked={blocked}
          error={error}
          sending={sending}
          confirmLabel={<Trans comment="Quant subscribe: the confirm button">Start the plan</Trans>}
          onConfirm={() => void confirm()}
          onBack={props.onClose}
          testIds={{
            blocked: "quant-subscribe-blocked",
            error: "quant-subscribe-error",
            confirm: "quant-subscribe-ok",
            back: "quant-subscribe-cancel",
          }}
        />
      </div>
    </BottomSheet>
  );
}
