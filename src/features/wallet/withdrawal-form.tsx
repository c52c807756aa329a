// The withdrawal form: amount (with "All"), destination defaulting to the signed-in wallet (any
// other address gets a warning), the fee and minimum shown up front, then a confirm step. Only
// the confirmation saves the request, through the outbox.
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { compare, sub } from "../../../protocol/decimal";
import { WITHDRAWAL_IDENTITY_RULE } from "../../i18n/refusal-text";
import { USDT_SCALE } from "../../../protocol/assets";
import { sameAddress } from "../../lib/wallet-text";
import { checkWithdrawalAddress, requestWithdrawal } from "../../sync/wallet-commands";
import { TextField } from "../../ui/form/text-field";
import { showToast } from "../../ui/toast/toast-store";
import { formatMoney } from "../../lib/format/format-money";
import {
  validateWithdrawal,
  type FormErrors,
  type WithdrawalInput,
  type WithdrawalTerms,
} from "./validate-wallet-forms";
import { UsdtAmountField } from "./usdt-amount-field";
import { WithdrawalConfirm, type WithdrawalDraft } from "./withdrawal-confirm";

export function WithdrawalForm(props: { terms: WithdrawalTerms; walletAddress: string | null }) {
  const { i18n, t } = useLingui();
  const [amount, setAmount] = useState("");
  // null: untouched, so it follows the signed-in wallet's address (which may load later).
  const [typedAddress, setTypedAddress] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors<keyof WithdrawalInput>>({});
  const [draft, setDraft] = useState<WithdrawalDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const { terms, walletAddress } = props;
  const address = typedAddress ?? walletAddress ?? "";
  const newAddress = address.trim() !== "" && !sameAddress(address.trim(), walletAddress);
  const money = (value: string) => formatMoney(value, i18n.locale);

  const all = () => {
    if (terms.available === null) return;
    // The most that fits with its fee, and no more than the maximum.
    let most = sub(terms.available, terms.fee, USDT_SCALE);
    if (compare(most, terms.maxAmount) > 0) most = terms.maxAmount;
    setAmount(compare(most, "0") > 0 ? most : "0");
  };

  const review = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateWithdrawal({ amount, address }, terms);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const checksummed = await checkWithdrawalAddress(address);
    if (checksummed === null) {
      setErrors({
        address: msg`The address's checksum does not match: check it character by character.`,
      });
      return;
    }
    setDraft({ amount: amount.trim(), fee: terms.fee, address: checksummed, newAddress });
  };

  const confirm = async () => {
    if (draft === null) return;
    setSaving(true);
    try {
      await requestWithdrawal({ amount: draft.amount, address: draft.address });
      setDraft(null);
      setAmount("");
      setTypedAddress(null);
    } catch {
      showToast(t`It could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  };

  if (draft !== null) {
    return (
      <WithdrawalConfirm
        draft={draft}
        saving={saving}
        onConfirm={() => void confirm()}
        onBack={() => setDraft(null)}
      />
    );
  }

  const fee = money(terms.fee);
  const minimum = money(terms.minAmount);
  return (
    <form className="q-card q-wallet__form" onSubmit={(e) => void review(e)} noValidate>
      <h2>
        <Trans>Withdraw USDT</Trans>
      </h2>
      <UsdtAmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setErrors(({ amount: _fixed, ...rest }) => rest);
        }}
        max={{
          label: <Trans>All</Trans>,
          onClick: all,
          disabled: terms.available === null,
          testId: "withdraw-all",
        }}
        error={errors.amount ? i18n._(errors.amount) : null}
        testId="withdraw-amount"
      />
      <TextField
        label={<Trans>To address (ERC20)</Trans>}
        hex
        value={address}
        onChange={(value) => {
          setTypedAddress(value);
          // An error is about what was checked; a changed field is checked again on submit.
          setErrors(({ address: _fixed, ...rest }) => rest);
        }}
        error={errors.address ? i18n._(errors.address) : null}
        testId="withdraw-address"
      >
        <p className="q-muted" role="note" data-testid="withdraw-identity-rule">
          {i18n._(WITHDRAWAL_IDENTITY_RULE)}
        </p>
        {newAddress && (
          <p className="q-notice" role="note" data-testid="withdraw-new-address-warning">
            <Trans>
              This is not your signed-in wallet. Make sure the address is yours and on the ERC20
              network: a transfer to a wrong address cannot be undone.
            </Trans>
          </p>
        )}
      </TextField>
      <dl className="q-wallet__facts">
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd data-testid="withdraw-fee">{fee} USDT</dd>
        <dt>
          <Trans>Minimum</Trans>
        </dt>
        <dd data-testid="withdraw-minimum">{minimum} USDT</dd>
      </dl>
      <p className="q-muted">
        <Trans>
          The fee is added to the amount and frozen with it; you receive the full amount. No other
          fee or condition applies.
        </Trans>
      </p>
      <button type="submit" className="q-button" data-testid="withdraw-submit">
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}
