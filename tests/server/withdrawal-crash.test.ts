// Crash exactly-once for withdrawals: the real server process is SIGKILLed while its
// sender is broadcasting an approved withdrawal, restarted, and the withdrawal ends exactly once
// (sent with its hash), with one transfer on chain at most and a sound ledger. The chain is the
// test's own anvil, outside the server (as a real chain is: it survives the server's crash), with
// mining paused so the kill lands while the transfer waits in the mempool:
//   1. killed after broadcast: the transfer is in the mempool when the process dies;
//   2. killed between storing and broadcasting: the same, then the test drops the transfer from
//      the mempool, as if the broadcast never happened; the restarted sender must send the stored
//      bytes (same hash), never sign a second transfer.
// Production mode (a real chain through CHAIN_RPC_URL) requires PostgreSQL: DATABASE_URL only.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestClient, erc20Abi, http, type Hex } from "viem";
import { afterAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { startDevChain, type DevChain } from "../../server/chain/dev-chain";
import { PLATFORM_KEYS_FILE } from "../../server/chain/platform-keys";
import type { Db } from "../../server/db/db";
import { createPostgresDb } from "../../server/db/postgres-db";
import { cliActor } from "../../server/domain/operators/operator-actor";
import { approveWithdrawal } from "../../server/domain/wallet/withdraw-review";
import { DEFAULT_SECOND_APPROVAL_ABOVE } from "../../server/domain/wallet/withdrawal-approval-config";
import { ChildRunner } from "./helpers/child-process";
import { within } from "./helpers/net";
import { startRealServer, type RealServer } from "./helpers/real-server";
import { createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { fund } from "./helpers/spot";
import { POSTGRES_URL } from "./helpers/test-db";

const runner = new ChildRunner();
// 100 USDT is below the demo threshold: one approval sends it.
const ONE_APPROVAL = { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE };
afterAll(() => runner.killAll());

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it.runIf(POSTGRES_URL)(
  "a withdrawal interrupted by SIGKILL while broadcasting is sent exactly once after restart",
  async () => {
    const name = `quanta_wcrash_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = createPostgresDb({ url: POSTGRES_URL ?? "", max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL ?? "");
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-wcrash-"));
    let chain: DevChain | undefined;
    let server: RealServer | undefined;
    let db: Db | undefined;
    try {
      chain = await startDevChain({
        cacheDir: path.join(dataDir, "chain"),
        confirmations: 1,
        blockTimeSeconds: 0,
      });
      const anvil = createTestClient({ mode: "anvil", transport: http(chain.rpcUrl) });
      await anvil.setAutomine(false); // transfers wait in the mempool until the test mines
      // The dev chain's hot wallet holds the Test USDT; its key is random per data directory.
      const hotKey = (
        JSON.parse(readFileSync(path.join(dataDir, "chain", PLATFORM_KEYS_FILE), "utf8")) as {
          hotWallet: Hex;
        }
      ).hotWallet;
      const env = {
        QUANTA_MODE: "production",
        DATABASE_URL: url.toString(),
        PUBLIC_ORIGIN: "https://quanta.test",
        DATA_DIR: dataDir,
        APP_DIST_DIR: path.join(dataDir, "no-dist"),
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_ID: String(chain.chainId),
        USDT_CONTRACT: chain.token,
        DEPOSIT_ADDRESS: chain.depositAddress,
        HOT_WALLET_KEY: hotKey,
        CHAIN_CONFIRMATIONS: "1",
        // No market is needed; Binance is unreachable from here, so point it nowhere quietly.
        MARKET_BINANCE_URL: "ws://127.0.0.1:9/stream",
      };
      server = await startRealServer(runner, env);
      db = createPostgresDb({ url: url.toString(), max: 2 });
      const user = await createUserSession(db, { verified: true });
      await fund(db, user.userId, "USDT", 1_000_000_000n);
      const hot = chain.hotWallet;
      const nonceBefore = await chain.publicClient.getTransactionCount({ address: hot });

      const outcomes: { id: string; to: string; hash: Hex }[] = [];
      for (const dropBroadcast of [false, true]) {
        const to = randomAddress();
        const id = await requestWithdrawal(server, user, to, "100");
        await approveWithdrawal(db, cliActor("crash-test"), id, true, ONE_APPROVAL);
        const hash = await until("the signed transfer is stored", async () => {
          const [row] = await (db as Db).query<{ tx_hash: string | null }>(
            "SELECT tx_hash FROM withdrawals WHERE id = $1",
            [id],
          );
          return row?.tx_hash ? (row.tx_hash as Hex) : undefined;
        });
        const pending = await until("the transfer is in the mempool", async () =>
          (await chain?.publicClient.getTransaction({ hash }).catch(() => undefined))
            ? true
            : undefined,
        );
        expect(pending).toBe(true);
        await server.kill();
        if (dropBroadcast) await anvil.dropTransaction({ hash });

        server = await startRealServer(runner, env);
        // The restarted sender broadcasts the stored bytes (again): the same hash is pending.
        await until("the stored transfer is pending again", async () =>
          (await chain?.publicClient.getTransaction({ hash }).catch(() => undefined))
            ? true
            : undefined,
        );
        await anvil.mine({ blocks: 2 });
        await until("the withdrawal completes", async () => {
          const [row] = await (db as Db).query<{ status: number; tx_hash: string }>(
            "SELECT status, tx_hash FROM withdrawals WHERE id = $1",
            [id],
          );
          return row?.status === 2 ? row : undefined;
        });
        outcomes.push({ id, to, hash });
      }

      // One transfer per withdrawal on chain, to its address, and nothing else from the hot wallet.
      expect(await chain.publicClient.getTransactionCount({ address: hot })).toBe(nonceBefore + 2);
      for (const { id, to, hash } of outcomes) {
        const receipt = await chain.publicClient.getTransactionReceipt({ hash });
        expect(receipt.status).toBe("success");
        const balance = await chain.publicClient.readContract({
          address: chain.token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [to as Hex],
        });
        expect(balance).toBe(100_000_000n);
        const rows = await db.query<{ status: number; tx_hash: string }>(
          "SELECT status, tx_hash FROM withdrawals WHERE id = $1",
          [id],
        );
        expect(rows).toEqual([{ status: 2, tx_hash: hash }]);
        // Frozen once (201), sent once (203), fee once (205); never returned (204).
        const bills = await db.query<{ type: number; n: number }>(
          `SELECT type, count(*)::int AS n FROM bills
            WHERE ref_kind = 'withdrawal' AND ref_id = $1 GROUP BY type ORDER BY type`,
          [id],
        );
        expect(bills.map((b) => [b.type, b.n])).toEqual([
          [201, 1],
          [203, 1],
          [205, 1],
        ]);
      }
      await server.stop();
      const check = runner.run("server/cli/ledger-check.ts", [], env);
      const code = await within(check.exited, 30_000, "ledger:check");
      expect(code, JSON.stringify(check.output())).toBe(0);
    } finally {
      await server?.stop();
      await db?.close();
      await chain?.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  },
  240_000,
);

async function requestWithdrawal(
  server: RealServer,
  user: TestSession,
  address: string,
  amount: string,
): Promise<string> {
  const response = await fetch(`${server.url}${API_BASE}/wallet/withdraw`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": "application/json",
      "idempotency-key": `crash-${randomBytes(6).toString("hex")}`,
    },
    body: JSON.stringify({ amount, address }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`withdraw: ${response.status} ${text}`);
  return (JSON.parse(text) as { Data: { id: string } }).Data.id;
}
