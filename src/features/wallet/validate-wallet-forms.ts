// The recharge and withdrawal forms' rules, before anything is saved. The seed's messages are
// used verbatim ("Please enter the amount", "Not less than the minimum amount", "Insufficient
// available balance"); the server checks every rule again and its answer is shown as it comes.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { compare } from "../../../protocol/decimal";
import { isAddressShape, isTxHash, isUsdtAmount, withdrawalTotal } from "../../lib/wallet-text";

export type FormErrors<K extends string> = Partial<Record<K, MessageDescriptor>>;

/** The amount rule both forms share: required, a USDT amount, within [min, max]. */
export function amountError(
  amount: string,
  minAmount: string,
  maxAmount: string | null = null,
): MessageDescriptor | null {
  const value = amount.trim();
  if (value === "") return msg`Please enter the amount`;
  if (!isUsdtAmount(value)) return msg`Enter an amount such as 100 or 12.5 (at most 6 decimals).`;
  if (compare(value, minAmount) < 0) return msg`Not less than the minimum amount`;
  if (maxAmount !== null && compare(value, maxAmount) > 0) {
    return msg`Not more than the maximum amount`;
  }
  return null;
}

export interface RechargeInput {
  amount: string;
  voucher: Blob | null;
  txHash: string;
}

export function validateRecharge(
  input: RechargeInput,
  minAmount: string,
): FormErrors<keyof RechargeInput> {
  const errors: FormErrors<keyof RechargeInput> = {};
  const amount = amountError(input.amount, minAmount);
  if (amount !== null) errors.amount = amount;
  if (input.voucher === null) errors.voucher = msg`Add a screenshot of the transfer as a voucher.`;
  const txHash = input.txHash.trim();
  if (txHash !== "" && !isTxHash(txHash)) {
    errors.txHash = msg`A transaction hash is 0x followed by 64 hexadecimal characters.`;
  }
  return errors;
}

export interface WithdrawalInput {
  amount: string;
  address: string;
}

export interface WithdrawalTerms {
  fee: string;
  minAmount: string;
  maxAmount: string;
  /** Available USDT, or null before the first overview pull (the server checks it then). */
  available: string | null;
}

export function validateWithdrawal(
  input: WithdrawalInput,
  terms: WithdrawalTerms,
): FormErrors<keyof WithdrawalInput> {
  const errors: FormErrors<keyof WithdrawalInput> = {};
  const amount = amountError(input.amount, terms.minAmount, terms.maxAmount);
  if (amount !== null) errors.amount = amount;
  else if (
    terms.available !== null &&
    compare(withdrawalTotal(input.amount.trim(), terms.fee), terms.available) > 0
  ) {
    errors.amount = msg`Insufficient available balance`;
  }
  const address = input.address.trim();
  if (address === "") errors.address = msg`Enter the address to send the USDT to.`;
  else if (!isAddressShape(address)) {
    errors.address = msg`This is not an address: 0x followed by 40 hexadecimal characters.`;
  }
  return errors;
}
