// The wallet commands through the outbox and the real transport (ky) against a small HTTP server
// on a real port, standing in for the server's wallet routes (built separately): the voucher is
// uploaded once even when the recharge POST fails and is retried, every POST carries the entry id
// as Idempotency-Key, and bad forms are refused before anything is stored.
import { Blob as NodeBlob } from "node:buffer";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Dexie from "dexie";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { configureApi } from "../api/client";
import { closeDatabase, database, DB_NAME } from "../db/database";
import type { OutboxRow } from "../db/outbox";
import { saveSession } from "../db/session";
import { OutboxFlusher } from "./outbox";
import { testEnvironment } from "./testing/fake-environment";
import {
  checkWithdrawalAddress,
  InvalidWalletRequestError,
  requestWithdrawal,
  submitRecharge,
} from "./wallet-commands";

interface Seen {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
  body: string;
}

let server: Server;
let seen: Seen[] = [];
/** Status codes for the next POSTs to /wallet/*, in order; 200 once they run out. */
let walletAnswers: number[] = [];
let uploads = 0;

const envelope = (status: number, data: unknown, code?: string) =>
  JSON.stringify({
    HttpStatusCode: status,
    Message: status === 200 ? "OK" : "Down",
    Code: code,
    Data: data,
  });

function answer(req: IncomingMessage, body: string): { status: number; text: string } {
  const url = req.url ?? "";
  if (url.endsWith("/storage/upload")) {
    return {
      status: 200,
      text: envelope(200, { id: `up-${uploads++}`, mime: "image/jpeg", size: 3 }),
    };
  }
  const status = walletAnswers.shift() ?? 200;
  if (status !== 200) return { status, text: envelope(status, null, "UNAVAILABLE") };
  const input = JSON.parse(body) as Record<string, unknown>;
  return {
    status,
    text: envelope(200, { id: "x1", status: 0, createdAt: "2026-01-01T00:00:00Z", ...input }),
  };
}

// jsdom's FormData and Blob cannot travel through Node's fetch (it never sends them); the browser's
// own classes do, so the test runs with Node's, which are the same web classes.
const jsdomGlobals = { FormData: globalThis.FormData, Blob: globalThis.Blob };

beforeAll(async () => {
  const probe = await new Response(new URLSearchParams("a=1")).formData();
  globalThis.FormData = probe.constructor as typeof FormData;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("latin1");
      const key = req.headers["idempotency-key"];
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        idempotencyKey: typeof key === "string" ? key : undefined,
        body,
      });
      const { status, text } = answer(req, body);
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  configureApi({ origin: `http://127.0.0.1:${port}`, getToken: () => "tok" });
});

afterAll(async () => {
  Object.assign(globalThis, jsdomGlobals);
  await new Promise((resolve) => server.close(resolve));
});

const flusher = () =>
  new OutboxFlusher({ env: testEnvironment(undefined, { random: () => 0 }), userId: () => "u1" });
const entry = async (id: string) => (await database().outbox.get(id)) as OutboxRow;
const posts = (path: string) => seen.filter((r) => r.method === "POST" && r.url.endsWith(path));

describe("wallet outbox commands", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "tok", name: null, avatar: null, info: { id: "u1" } });
    seen = [];
    walletAnswers = [];
    uploads = 0;
  });
  afterEach(() => closeDatabase());

  it("uploads the voucher once, then retries only the recharge, with the entry id as key", async () => {
    const voucher = new Blob(["jpeg-bytes"], { type: "image/jpeg" });
    const hash = `0x${"AB".repeat(32)}`;
    const id = await submitRecharge({ amount: "150.5", voucher, txHash: hash });
    expect(await entry(id)).toMatchObject({ command: "wallet.recharge", state: "waiting" });

    walletAnswers = [503];
    const outbox = flusher();
    await outbox.flush();
    expect(await entry(id)).toMatchObject({ state: "waiting", payload: { uploadId: "up-0" } });
    await outbox.flush({ force: true });

    expect(posts("/storage/upload")).toHaveLength(1);
    expect(posts("/storage/upload")[0]?.body).toContain('name="purpose"\r\n\r\nvoucher');
    expect(posts("/storage/upload")[0]?.body).toContain("jpeg-bytes");
    const recharges = posts("/wallet/recharge");
    expect(recharges.map((r) => r.idempotencyKey)).toEqual([id, id]);
    expect(recharges.map((r) => JSON.parse(r.body))).toEqual([
      { amount: "150.5", voucher: "up-0", txHash: hash.toLowerCase() },
      { amount: "150.5", voucher: "up-0", txHash: hash.toLowerCase() },
    ]);
    const sent = await entry(id);
    expect(sent.state).toBe("sent");
    // The voucher Blob is dropped once the server has it.
    expect(sent.payload["voucher"]).toBeNull();
  });

  it("sends a recharge without a tx hash for an operator's review", async () => {
    await submitRecharge({ amount: "10", voucher: new Blob(["v"]), txHash: "  " });
    await flusher().flush();
    expect(JSON.parse(posts("/wallet/recharge")[0]?.body ?? "null")).toEqual({
      amount: "10",
      voucher: "up-0",
    });
  });

  it("fails a voucher that is gone without retrying", async () => {
    const id = await submitRecharge({ amount: "10", voucher: new Blob(["v"]), txHash: null });
    const row = await entry(id);
    await database().outbox.put({ ...row, payload: { ...row.payload, voucher: null } });
    await flusher().flush();
    expect(await entry(id)).toMatchObject({ state: "failed" });
    expect(seen).toHaveLength(0);
  });

  it("sends a withdrawal with the checksummed address and the entry id as key", async () => {
    const id = await requestWithdrawal({
      amount: "25",
      address: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
    });
    walletAnswers = [503];
    const outbox = flusher();
    await outbox.flush();
    await outbox.flush({ force: true });
    const withdrawals = posts("/wallet/withdraw");
    expect(withdrawals.map((r) => r.idempotencyKey)).toEqual([id, id]);
    expect(JSON.parse(withdrawals[1]?.body ?? "null")).toEqual({
      amount: "25",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    });
    expect((await entry(id)).state).toBe("sent");
  });

  it("refuses malformed forms before anything is stored", async () => {
    const voucher = new Blob(["v"]);
    for (const form of [
      { amount: "", voucher, txHash: null },
      { amount: "0", voucher, txHash: null },
      { amount: "1.1234567", voucher, txHash: null },
      { amount: "10", voucher: new Blob([]), txHash: null },
      { amount: "10", voucher, txHash: "0x1234" },
    ]) {
      await expect(submitRecharge(form), JSON.stringify(form)).rejects.toBeInstanceOf(
        InvalidWalletRequestError,
      );
    }
    // A mixed-case address whose checksum does not match (one letter's case changed) is a typo.
    const typo = "0xf39fd6e51aad88F6F4ce6aB8827279cffFb92266";
    expect(await checkWithdrawalAddress(typo)).toBeNull();
    await expect(requestWithdrawal({ amount: "25", address: typo })).rejects.toBeInstanceOf(
      InvalidWalletRequestError,
    );
    await expect(requestWithdrawal({ amount: "25", address: "0x123" })).rejects.toBeInstanceOf(
      InvalidWalletRequestError,
    );
    expect(await database().outbox.count()).toBe(0);
  });
});
