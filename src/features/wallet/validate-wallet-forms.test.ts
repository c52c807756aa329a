import { describe, expect, it } from "vitest";
import { validateRecharge, validateWithdrawal } from "./validate-wallet-forms";

const voucher = new Blob(["v"]);
const terms = { fee: "1", minAmount: "10", maxAmount: "50000", available: "100" };
const text = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]));

describe("recharge form rules", () => {
  it("uses the seed's messages for a missing or too small amount", () => {
    expect(text(validateRecharge({ amount: " ", voucher, txHash: "" }, "10"))).toEqual({
      amount: "Please enter the amount",
    });
    expect(text(validateRecharge({ amount: "9.999999", voucher, txHash: "" }, "10"))).toEqual({
      amount: "Not less than the minimum amount",
    });
  });

  it("needs a voucher, a sane amount and a well-formed hash when one is given", () => {
    const errors = validateRecharge({ amount: "1e3", voucher: null, txHash: "0xabc" }, "10");
    expect(Object.keys(errors).sort()).toEqual(["amount", "txHash", "voucher"]);
    expect(
      validateRecharge({ amount: "10", voucher, txHash: `0x${"a".repeat(64)}` }, "10"),
    ).toEqual({});
  });
});

describe("withdrawal form rules", () => {
  const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

  it("uses the seed's messages: missing, below minimum, amount plus fee over the balance", () => {
    expect(text(validateWithdrawal({ amount: "", address }, terms))).toEqual({
      amount: "Please enter the amount",
    });
    expect(text(validateWithdrawal({ amount: "9", address }, terms))).toEqual({
      amount: "Not less than the minimum amount",
    });
    // 99 + 1 fee = 100 fits exactly; 99.000001 + 1 does not.
    expect(validateWithdrawal({ amount: "99", address }, terms)).toEqual({});
    expect(text(validateWithdrawal({ amount: "99.000001", address }, terms))).toEqual({
      amount: "Insufficient available balance",
    });
  });

  it("leaves the balance to the server when it is not known yet, but not the maximum", () => {
    const unknown = { ...terms, available: null };
    expect(validateWithdrawal({ amount: "5000", address }, unknown)).toEqual({});
    expect(Object.keys(validateWithdrawal({ amount: "50001", address }, unknown))).toEqual([
      "amount",
    ]);
  });

  it("needs an address of the right shape", () => {
    expect(Object.keys(validateWithdrawal({ amount: "20", address: "" }, terms))).toEqual([
      "address",
    ]);
    expect(Object.keys(validateWithdrawal({ amount: "20", address: "0x12" }, terms))).toEqual([
      "address",
    ]);
  });
});
