// Recharges and withdrawals arrive through the change log (entities "recharge", "withdrawal"):
// applied with the page's cursor, replaced on status changes, malformed ones skipped, and gone
// with the rest of the user's data at sign-out.
import { beforeEach, describe, expect, it } from "vitest";
import type { ReceivedChange } from "./change-appliers";
import type { Recharge, Withdrawal } from "../../protocol/wallet";
import { applySyncPage, clearUserData } from "./account-data";
import { database } from "./database";
import { saveSession } from "./session";
import { readCursor } from "./sync-state";
import { freshDevice, putChange, syncPage } from "./sync-test-fixtures";
import { readWalletInfo, saveWalletInfo } from "./wallet-data";

const recharge: Recharge = {
  id: "r1",
  amount: "150.5",
  status: 0,
  txHash: `0x${"ab".repeat(32)}`,
  voucher: "up1",
  verification: "waiting",
  createdAt: "2026-01-02T00:00:00Z",
  reviewedAt: null,
  reason: null,
};
const withdrawal: Withdrawal = {
  id: "w1",
  amount: "20",
  fee: "1",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  status: 0,
  txHash: null,
  createdAt: "2026-01-03T00:00:00Z",
  reviewedAt: null,
  completedAt: null,
  reason: null,
};
const put = (entity: string, data: { id: string }): ReceivedChange =>
  putChange(entity, data.id, data);
const page = syncPage;

describe("wallet rows from the change log", () => {
  beforeEach(async () => {
    await freshDevice("u1");
  });

  it("stores recharges and withdrawals for the user with the cursor, and replaces them on change", async () => {
    const first = [put("recharge", recharge), put("withdrawal", withdrawal)];
    expect(await applySyncPage("u1", "", page(first, "c1"))).toBe("applied");
    expect(await database().recharges.get("r1")).toEqual({ ...recharge, userId: "u1" });
    expect(await database().withdrawals.get("w1")).toEqual({ ...withdrawal, userId: "u1" });
    expect(await readCursor("u1")).toBe("c1");

    const credited = { ...recharge, status: 1 as const, verification: "verified" as const };
    const sent = { ...withdrawal, status: 2 as const, txHash: `0x${"cd".repeat(32)}` };
    await applySyncPage(
      "u1",
      "c1",
      page([put("recharge", credited), put("withdrawal", sent)], "c2"),
    );
    expect(await database().recharges.get("r1")).toMatchObject({
      status: 1,
      verification: "verified",
    });
    expect(await database().withdrawals.get("w1")).toMatchObject({
      status: 2,
      txHash: sent.txHash,
    });
    expect(await database().recharges.count()).toBe(1);
  });

  it("honours deletes and skips malformed entries without failing the page", async () => {
    await applySyncPage("u1", "", page([put("recharge", recharge)], "c1"));
    const bad: ReceivedChange[] = [
      { entity: "recharge", id: "r2", op: "put", data: { id: "r2", amount: 5 } },
      { entity: "withdrawal", id: "w2", op: "put", data: null },
      { entity: "recharge", id: "r1", op: "delete", data: null },
      put("withdrawal", withdrawal),
    ];
    expect(await applySyncPage("u1", "c1", page(bad, "c2"))).toBe("applied");
    expect(await database().recharges.count()).toBe(0);
    expect(await database().withdrawals.count()).toBe(1);
    expect(await readCursor("u1")).toBe("c2");
  });

  it("stores nothing for a user who signed out meanwhile", async () => {
    saveSession({ token: "t", name: null, avatar: null, info: { id: "u2" } });
    expect(await applySyncPage("u1", "", page([put("recharge", recharge)], "c1"))).toBe(
      "signed-out",
    );
    expect(await database().recharges.count()).toBe(0);
    expect(await saveWalletInfo("u1", { balanceTriedAt: 1 })).toBe(false);
  });

  it("merges wallet facts and forgets everything of the user at sign-out", async () => {
    await applySyncPage(
      "u1",
      "",
      page([put("recharge", recharge), put("withdrawal", withdrawal)], "c1"),
    );
    await saveWalletInfo("u1", { withdrawConfigReadAt: "2026-01-01T00:00:00Z" });
    await saveWalletInfo("u1", { balanceGap: "no-provider", balanceTriedAt: 5 });
    expect(await readWalletInfo("u1")).toMatchObject({
      withdrawConfigReadAt: "2026-01-01T00:00:00Z",
      balanceGap: "no-provider",
      balanceTriedAt: 5,
      deposit: null,
    });
    await clearUserData("u1");
    expect(await database().recharges.count()).toBe(0);
    expect(await database().withdrawals.count()).toBe(0);
    expect(await readWalletInfo("u1")).toBeUndefined();
  });
});
