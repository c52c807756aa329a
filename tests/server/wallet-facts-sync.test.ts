// The account pull's wallet facts (src/sync/pull-wallet.ts) against the real server: deposit info
// and withdrawal terms are asked for only when missing or stale, since every poke, focus and
// visibility change pulls and the server's per-address request budget is shared.
import "./helpers/browser-globals";
import { expect, it } from "vitest";
import { readWalletInfo } from "../../src/db/wallet-data";
import { pullWalletFacts, WALLET_FACTS_MAX_AGE_MS } from "../../src/sync/pull-wallet";
import { signIn, useSyncDevice, useSyncTestServer } from "./helpers/sync-client";

const server = useSyncTestServer();
useSyncDevice(server);

const asked = (path: string) =>
  server.requests.filter((r) => r.url.startsWith(`/api/v1/wallet/${path}`)).length;

it("asks for deposit info and withdrawal terms only when missing or older than the limit", async () => {
  const user = await signIn(server.db());
  server.requests.length = 0;
  const start = Date.now();

  // No dev chain runs for this app: the deposit info answers 503, the terms 200.
  await pullWalletFacts(user.userId, start);
  expect([asked("deposit"), asked("withdraw/config")]).toEqual([1, 1]);
  const stored = await readWalletInfo(user.userId);
  expect(stored?.deposit ?? null).toBeNull();
  expect(stored?.withdrawConfig).toMatchObject({ fee: "1", minAmount: "10" });

  // A moment later: the missing deposit info is asked for again, the fresh terms are not.
  await pullWalletFacts(user.userId, start + 1_000);
  expect([asked("deposit"), asked("withdraw/config")]).toEqual([2, 1]);

  // Past the limit the terms are read again.
  await pullWalletFacts(user.userId, start + WALLET_FACTS_MAX_AGE_MS + 1);
  expect([asked("deposit"), asked("withdraw/config")]).toEqual([3, 2]);
});
