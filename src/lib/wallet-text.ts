// Shapes of the wallet forms' text: USDT amounts, transaction hashes and addresses. Shape only —
// an address's EIP-55 checksum needs keccak, which the sync layer checks with viem, lazily.
import { USDT_SCALE } from "../../protocol/assets";
import { add, compare, isDecimalString } from "../../protocol/decimal";

const USDT_AMOUNT = /^\d+(?:\.\d{1,6})?$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A positive decimal string with at most 6 decimals ("100", "12.5"). */
export function isUsdtAmount(value: string): boolean {
  return isDecimalString(value) && USDT_AMOUNT.test(value) && compare(value, "0") > 0;
}

/** 0x + 64 hex. */
export function isTxHash(value: string): boolean {
  return TX_HASH.test(value);
}

/** 0x + 40 hex (any case). */
export function isAddressShape(value: string): boolean {
  return ADDRESS.test(value);
}

/** The same account: addresses compare case-insensitively (case is only the checksum). */
export function sameAddress(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}

/** "0x1234…cdef": enough to recognise a hash or address, short enough for a row. */
export function shortHex(value: string, keep = 6): string {
  return value.length <= keep * 2 + 2 ? value : `${value.slice(0, keep + 2)}…${value.slice(-keep)}`;
}

/** What a withdrawal freezes: the amount plus the flat fee. */
export function withdrawalTotal(amount: string, fee: string): string {
  return add(amount, fee, USDT_SCALE);
}
