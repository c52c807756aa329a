// When the on-chain balance cannot be read, the reason is stored — never a number — and reads are
// throttled to one per 30 s. (The read itself runs against the dev chain in the e2e suite.)
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { DepositInfo } from "../../protocol/chain";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { saveSession } from "../db/session";
import { SYNC_KEYS, writeSyncValue } from "../db/sync-state";
import { readWalletInfo, saveWalletInfo } from "../db/wallet-data";
import { BALANCE_MIN_INTERVAL_MS, refreshWalletBalance } from "./wallet-balance";

const deposit: DepositInfo = {
  chainId: 31337,
  network: "ERC20",
  asset: "USDT",
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  confirmations: 2,
  minAmount: "10",
};

async function withAddress(address: string | null) {
  await database().profile.put({
    id: "u1",
    address,
    name: null,
    avatar: null,
    locked: false,
    verified: null,
    creditLevel: 0,
    weightedScore: 0,
    inviteCode: "X",
    createdAt: "2026-01-01T00:00:00Z",
    syncedAt: "2026-01-01T00:00:00Z",
  });
}

describe("refreshWalletBalance", () => {
  let now = 1_000_000;
  const clock = { now: () => now };
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "t", name: null, avatar: null, info: { id: "u1" } });
    now = 1_000_000;
  });

  it("stores why it is unknown: no address, then no deposit info", async () => {
    await withAddress(null);
    await refreshWalletBalance("u1", clock);
    expect(await readWalletInfo("u1")).toMatchObject({ balance: null, balanceGap: "no-address" });
    await withAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    await refreshWalletBalance("u1", { ...clock, force: true });
    expect(await readWalletInfo("u1")).toMatchObject({
      balance: null,
      balanceGap: "no-deposit-info",
    });
  });

  it("in production reads only through an injected wallet: none here, so unknown", async () => {
    await withAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "production" });
    await saveWalletInfo("u1", { deposit });
    await refreshWalletBalance("u1", clock);
    expect(await readWalletInfo("u1")).toMatchObject({ balance: null, balanceGap: "no-provider" });
  });

  it("tries at most once per interval unless forced", async () => {
    await withAddress(null);
    await refreshWalletBalance("u1", clock);
    await withAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    now += BALANCE_MIN_INTERVAL_MS - 1;
    await refreshWalletBalance("u1", clock);
    expect((await readWalletInfo("u1"))?.balanceGap).toBe("no-address");
    now += 1;
    await refreshWalletBalance("u1", clock);
    expect((await readWalletInfo("u1"))?.balanceGap).toBe("no-deposit-info");
  });

  it("offline, when viem's online-only chunk cannot load: 'offline', the last balance kept", async () => {
    await withAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    await writeSyncValue(SYNC_KEYS.systemFacts, { domain: "x", country: "x", mode: "demo" });
    const last = {
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      chainId: 31337,
      token: deposit.token,
      balance: "12.5",
      readAt: "2026-01-01T00:00:00Z",
    };
    await saveWalletInfo("u1", { deposit, balance: last });
    const loadChain = () =>
      Promise.reject(
        new TypeError("Failed to fetch dynamically imported module: /assets/wallet-x.js"),
      );
    await refreshWalletBalance("u1", { ...clock, loadChain });
    expect(await readWalletInfo("u1")).toMatchObject({ balance: last, balanceGap: "offline" });
  });
});
