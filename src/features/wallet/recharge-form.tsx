// The recharge form: amount and voucher screenshot (both required), an optional transaction hash
// — filled in by "Send from my wallet" — saved through the outbox with the voucher, so it works
// offline and survives reloads. The server verifies a hash on chain; without one an operator
// reviews the voucher.
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useState, type FormEvent } from "react";
import type { DepositInfo } from "../../../protocol/chain";
import {
  sendUsdtFromWallet,
  submitRecharge,
  WalletSendError,
  type WalletSendFailure,
} from "../../sync/wallet-commands";
import { refreshFieldErrors } from "../../lib/field-errors";
import { ErrorLine } from "../../ui/form/error-line";
import { ImageField } from "../../ui/form/image-field";
import { TextField } from "../../ui/form/text-field";
import { showToast } from "../../ui/toast/toast-store";
import {
  amountError,
  validateRecharge,
  type FormErrors,
  type RechargeInput,
} from "./validate-wallet-forms";
import { UsdtAmountField } from "./usdt-amount-field";

const SEND_FAILURES: Record<WalletSendFailure, MessageDescriptor> = {
  "no-wallet": msg`No wallet to send from on this device.`,
  "wrong-chain": msg`Your wallet is on another network. Switch it to the deposit network and try again.`,
  rejected: msg`The transfer was cancelled in the wallet.`,
  "no-gas": msg`Your wallet has no ETH to pay the network fee (gas). Add some ETH to it and try again.`,
  "insufficient-usdt": msg`Your wallet holds less USDT than this amount.`,
  reverted: msg`The transfer failed on chain (reverted); no USDT was sent.`,
  failed: msg`The transfer could not be sent: the wallet or the network did not answer. Please try again.`,
};

export function RechargeForm(props: {
  deposit: DepositInfo | null;
  minAmount: string;
  /** A demo wallet key (demo mode) or an injected wallet exists to send from. */
  canSendFromWallet: boolean;
}) {
  const { i18n, t } = useLingui();
  const [amount, setAmount] = useState("");
  const [voucher, setVoucher] = useState<Blob | null>(null);
  const [voucherKey, setVoucherKey] = useState(0);
  const [txHash, setTxHash] = useState("");
  const [errors, setErrors] = useState<FormErrors<keyof RechargeInput>>({});
  const [saving, setSaving] = useState(false);
  const [walletBusy, setWalletBusy] = useState(false);
  const [walletError, setWalletError] = useState<string | null>(null);
  const { deposit, minAmount } = props;

  const message = (key: keyof RechargeInput) => {
    const descriptor = errors[key];
    return descriptor ? i18n._(descriptor) : null;
  };

  // A field's error is re-checked when that field changes, so a fixed field loses it at once.
  const recheck = (changed: Partial<RechargeInput>, key: keyof RechargeInput) =>
    setErrors((current) =>
      refreshFieldErrors(
        current,
        validateRecharge({ amount, voucher, txHash, ...changed }, minAmount),
        key,
      ),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRecharge({ amount, voucher, txHash }, minAmount);
    setErrors(found);
    if (Object.keys(found).length > 0 || voucher === null) return;
    setSaving(true);
    try {
      await submitRecharge({ amount: amount.trim(), voucher, txHash: txHash.trim() || null });
      setAmount("");
      setTxHash("");
      setVoucher(null);
      setVoucherKey((key) => key + 1);
    } catch {
      showToast(t`It could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  };

  const sendFromWallet = async () => {
    const problem = amountError(amount, minAmount);
    setErrors((current) => ({ ...current, amount: problem ?? undefined }));
    if (problem !== null || deposit === null) return;
    setWalletError(null);
    setWalletBusy(true);
    try {
      const hash = await sendUsdtFromWallet(amount.trim(), deposit);
      setTxHash(hash);
      setErrors((current) => ({ ...current, txHash: undefined }));
      // The deposit watcher credits a transfer from the signed-in wallet by itself.
      showToast(
        t`Sent. It is credited automatically once confirmed; it appears in the history below.`,
        "success",
      );
    } catch (error) {
      const kind = error instanceof WalletSendError ? error.kind : "failed";
      setWalletError(i18n._(SEND_FAILURES[kind]));
    } finally {
      setWalletBusy(false);
    }
  };

  return (
    <form className="q-card q-wallet__form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>
        <Trans>Submit a recharge</Trans>
      </h2>
      <UsdtAmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          recheck({ amount: value }, "amount");
        }}
        error={message("amount")}
        testId="recharge-amount"
      />
      {props.canSendFromWallet && deposit !== null && (
        <div className="q-field">
          <button
            type="button"
            className="q-button q-button--ghost"
            disabled={walletBusy}
            onClick={() => void sendFromWallet()}
            data-testid="recharge-send-wallet"
          >
            {walletBusy ? (
              <Trans>Sending from your wallet…</Trans>
            ) : (
              <Trans>Send from my wallet</Trans>
            )}
          </button>
          <ErrorLine error={walletError} role="alert" />
        </div>
      )}
      <ImageField
        key={voucherKey}
        legend={<Trans>Voucher</Trans>}
        hint={
          <Trans>
            A screenshot of the transfer in your wallet or exchange, showing amount and time.
          </Trans>
        }
        pickers={[{ label: <Trans>Choose a screenshot</Trans>, testId: "recharge-voucher" }]}
        reading={<Trans>Preparing the screenshot…</Trans>}
        previewAlt={t`Preview of the voucher`}
        previewTestId="recharge-voucher-preview"
        readErrors={{
          unreadable: t`This file could not be read as an image. Choose a JPEG, PNG or WebP screenshot.`,
          failed: t`The screenshot could not be prepared. Please try another one.`,
        }}
        onChange={(next) => {
          setVoucher(next);
          recheck({ voucher: next }, "voucher");
        }}
        error={message("voucher")}
      />
      <TextField
        label={<Trans>Transaction hash (optional)</Trans>}
        hex
        value={txHash}
        onChange={(value) => {
          setTxHash(value);
          recheck({ txHash: value }, "txHash");
        }}
        hint={
          <Trans>
            With the hash the transfer is checked on chain and credited automatically once
            confirmed.
          </Trans>
        }
        error={message("txHash")}
        testId="recharge-txhash"
      />
      <button type="submit" className="q-button" disabled={saving} data-testid="recharge-submit">
        {saving ? <Trans>Saving…</Trans> : <Trans>Submit</Trans>}
      </button>
    </form>
  );
}
