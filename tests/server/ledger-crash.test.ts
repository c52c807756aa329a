// Crash test: the real server process is SIGKILLed during a burst of 1,000
// demo credits (16 in flight), restarted on the same data, and then ledger:check passes, every
// acknowledged credit is in the ledger with its bill, the balance is the sum of the bills, and
// every credit in flight at the kill either committed whole or not at all: re-sending it with its
// Idempotency-Key succeeds exactly once. (The credits the burst never sent never reached the
// server; re-sending them would only test the happy path again, at PGlite's ~20 credits/s.) On the embedded PGlite and, with DATABASE_URL, on
// PostgreSQL (a database of its own, dropped afterwards).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Bill } from "../../protocol/ledger";
import { createPostgresDb } from "../../server/db/postgres-db";
import { parseAmount } from "../../server/domain/ledger/amounts";
import { ChildRunner } from "./helpers/child-process";
import {
  allBills,
  creditRequests,
  sendCredit,
  usdtBalance,
  type CreditRequest,
} from "./helpers/money-requests";
import { within } from "./helpers/net";
import { signInOverHttp, startRealServer, type RealServer } from "./helpers/real-server";
import { ALICE } from "./helpers/siwe";
import { POSTGRES_URL } from "./helpers/test-db";

const REQUESTS = 1_000;
const IN_FLIGHT = 16;
const KILL_AFTER_ACKS = 300;

const runner = new ChildRunner();
afterAll(() => runner.killAll());

const units = (amount: string) => parseAmount(amount, 6, "amount");
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

interface Burst {
  /** Requests 0 .. sent - 1 went out; the kill stopped the rest. */
  sent: number;
  /** Request index -> the bill its 200 answer carried. */
  acked: Map<number, Bill>;
  /** Sent, but the process died before answering. */
  lost: number[];
  /** Answers other than 200 (none expected). */
  refused: string[];
}

/** Sends the requests IN_FLIGHT at a time and SIGKILLs the server after KILL_AFTER_ACKS 200s. */
async function burstUntilKilled(
  server: RealServer,
  token: string,
  requests: readonly CreditRequest[],
): Promise<Burst> {
  const burst: Burst = { sent: 0, acked: new Map(), lost: [], refused: [] };
  let next = 0;
  let killed: Promise<void> | undefined;
  const worker = async () => {
    while (killed === undefined && next < requests.length) {
      const index = next++;
      const request = requests[index] as CreditRequest;
      try {
        const answer = await sendCredit(server, token, request);
        if ("bill" in answer) burst.acked.set(index, answer.bill);
        else burst.refused.push(`${request.key}: ${answer.status} ${answer.body}`);
      } catch {
        burst.lost.push(index); // no answer: the connection died with the process
      }
      if (burst.acked.size >= KILL_AFTER_ACKS) killed ??= server.kill();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await killed;
  burst.sent = next;
  return burst;
}

/** The requests once more, IN_FLIGHT at a time; all answers must be 200. */
async function resendAll(
  server: RealServer,
  token: string,
  requests: readonly CreditRequest[],
): Promise<Bill[]> {
  const bills: Bill[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const answer = await sendCredit(server, token, requests[index] as CreditRequest);
      if (!("bill" in answer)) throw new Error(`re-send ${index}: ${answer.status} ${answer.body}`);
      bills[index] = answer.bill;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return bills;
}

async function ledgerCheckPasses(env: Record<string, string>): Promise<void> {
  const run = runner.run("server/cli/ledger-check.ts", [], env);
  const code = await within(run.exited, 30_000, "ledger:check");
  expect(code, JSON.stringify(run.output())).toBe(0);
}

async function crashAndRecover(database: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-crash-"));
  const env = {
    DATA_DIR: dataDir,
    APP_DIST_DIR: path.join(dataDir, "no-dist"),
    TRUST_PROXY: "true",
    ...database,
  };
  let server = await startRealServer(runner, env);
  try {
    const token = await signInOverHttp(server, ALICE);
    const requests = creditRequests(REQUESTS, `crash-${randomBytes(4).toString("hex")}`);
    const burst = await burstUntilKilled(server, token, requests);
    expect(burst.refused).toEqual([]);
    expect(burst.acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(burst.acked.size, "the kill came too late to test anything").toBeLessThan(REQUESTS);

    server = await startRealServer(runner, env);
    await ledgerCheckPasses(env);
    const bills = await allBills(server, token);
    const billById = new Map(bills.map((b) => [b.id, b]));
    const lostAcks = [...burst.acked]
      .filter(([, bill]) => billById.get(bill.id)?.amount !== bill.amount)
      .map(([index, bill]) => `${requests[index]?.key} (bill ${bill.id}, ${bill.amount})`);
    expect(lostAcks, "acknowledged credits missing after the crash").toEqual([]);

    // Amounts are distinct per request, so a bill names its request: none twice, none unknown.
    const indexByUnits = new Map(requests.map((r, i) => [r.units, i]));
    const committed = new Map<number, Bill>();
    for (const bill of bills) {
      const index = indexByUnits.get(units(bill.amount));
      expect(index, `bill ${bill.id} (${bill.amount}) matches no request`).toBeDefined();
      expect(committed.has(index ?? -1), `two bills for request ${index}`).toBe(false);
      expect(bill.type).toBe(106);
      committed.set(index ?? -1, bill);
    }
    const balance = await usdtBalance(server, token);
    expect(units(balance.available)).toBe(sum(bills.map((b) => units(b.amount))));
    expect(balance.frozen).toBe("0");
    const lostButCommitted = burst.lost.filter((i) => committed.has(i)).length;
    console.info(
      `crash (${database["DATABASE_URL"] ? "PostgreSQL" : "PGlite"}): ` +
        `${burst.acked.size} acknowledged, ${burst.lost.length} in flight at the kill ` +
        `(${lostButCommitted} of them committed), ${bills.length} bills after the restart`,
    );

    // Re-send every request that went out: a committed one answers its stored bill (the same
    // bill, not a second credit), one the kill cut off is credited now.
    const sent = requests.slice(0, burst.sent);
    const resent = await resendAll(server, token, sent);
    resent.forEach((bill, index) => {
      const before = committed.get(index);
      if (before) expect(bill, `re-sent ${requests[index]?.key}`).toEqual(before);
      else expect(billById.has(bill.id), `re-sent ${requests[index]?.key}`).toBe(false);
      expect(units(bill.amount)).toBe(requests[index]?.units);
    });
    const after = await allBills(server, token);
    expect(after.map((b) => b.id).sort()).toEqual(resent.map((b) => b.id).sort());
    const final = await usdtBalance(server, token);
    expect(units(final.available)).toBe(sum(sent.map((r) => r.units)));
    await ledgerCheckPasses(env);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

describe("ledger crash: SIGKILL during a burst of money requests", () => {
  it("PGlite keeps every acknowledged credit and a sound ledger", async () => {
    await crashAndRecover({});
  }, 120_000);

  it.runIf(POSTGRES_URL)(
    "PostgreSQL (DATABASE_URL) keeps every acknowledged credit and a sound ledger",
    async () => {
      // The server has no schema setting, so it gets a database of its own.
      const name = `quanta_crash_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = createPostgresDb({ url: POSTGRES_URL ?? "", max: 1 });
      await admin.exec(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(POSTGRES_URL ?? "");
        url.pathname = `/${name}`;
        await crashAndRecover({ DATABASE_URL: url.toString() });
      } finally {
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      }
    },
    120_000,
  );
});
