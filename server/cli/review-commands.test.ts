// The review queues' CLI parsing, through the recharge and withdrawal commands that use it: the
// commands they build and the errors an operator reads, word for word.
import { describe, expect, it } from "vitest";
import { WALLET_REASON_MAX_LENGTH } from "../../protocol/wallet";
import { parseRechargeArgs, rechargeCommandFromJson } from "./recharge-commands";
import { parseWithdrawalArgs, withdrawalCommandFromJson } from "./withdrawal-commands";

describe("review commands", () => {
  it("parses lists, approvals and rejections", () => {
    expect(parseRechargeArgs("recharges", ["0", "--full", "--cursor", "12"])).toEqual({
      name: "recharge-list",
      full: true,
      status: 0,
      cursor: "12",
    });
    expect(parseWithdrawalArgs("withdrawals", [])).toEqual({
      name: "withdrawal-list",
      full: false,
      status: null,
      cursor: null,
    });
    expect(parseWithdrawalArgs("withdrawals", ["3"])).toMatchObject({ status: 3 });
    expect(parseRechargeArgs("recharge", ["approve", "7"])).toEqual({
      name: "recharge-approve",
      id: "7",
    });
    expect(parseWithdrawalArgs("withdrawal", ["reject", "7", " wrong", "address "])).toEqual({
      name: "withdrawal-reject",
      id: "7",
      reason: "wrong address",
    });
  });

  it("says what is wrong in the queue's words", () => {
    const error = (result: unknown) => (result as { error?: string }).error;
    expect(error(parseRechargeArgs("recharges", ["3"]))).toBe(
      '"recharges" takes an optional status 0, 1 or 2 and --cursor <id>.',
    );
    expect(error(parseWithdrawalArgs("withdrawals", ["4"]))).toBe(
      '"withdrawals" takes an optional status 0, 1, 2 or 3 and --cursor <id>.',
    );
    expect(error(parseWithdrawalArgs("withdrawals", ["--cursor"]))).toBe(
      '"--cursor" takes a withdrawal id.',
    );
    expect(error(parseRechargeArgs("recharge", ["delete", "1"]))).toBe(
      'Unknown recharge command "delete"; use approve or reject.',
    );
    expect(error(parseRechargeArgs("recharge", ["approve", "x"]))).toBe(
      '"recharge approve" takes a recharge id.',
    );
    expect(error(parseWithdrawalArgs("withdrawal", ["approve", "1", "2"]))).toBe(
      '"withdrawal approve" takes exactly one <id>.',
    );
    expect(error(parseRechargeArgs("recharge", ["reject", "1"]))).toBe(
      `"recharge reject <id>" needs a reason of 1 to ${WALLET_REASON_MAX_LENGTH} characters.`,
    );
  });

  it("accepts well-formed JSON only", () => {
    expect(rechargeCommandFromJson({ name: "recharge-list", status: 2, cursor: null })).toEqual({
      name: "recharge-list",
      full: false,
      status: 2,
      cursor: null,
    });
    expect(rechargeCommandFromJson({ name: "recharge-list", status: 3 })).toBeNull();
    expect(withdrawalCommandFromJson({ name: "withdrawal-list", status: 3 })).toMatchObject({
      status: 3,
    });
    expect(withdrawalCommandFromJson({ name: "withdrawal-list", status: "1" })).toBeNull();
    expect(withdrawalCommandFromJson({ name: "withdrawal-approve", id: "0" })).toBeNull();
    expect(rechargeCommandFromJson({ name: "recharge-reject", id: "5", reason: "no" })).toEqual({
      name: "recharge-reject",
      id: "5",
      reason: "no",
    });
    expect(rechargeCommandFromJson({ name: "withdrawal-approve", id: "5" })).toBeNull();
  });
});
