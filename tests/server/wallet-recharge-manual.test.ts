// POST/GET /wallet/recharge without a tx hash on the real app and PGlite: it waits for an
// operator (no chain is read), a replayed key answers the same recharge, bad input is refused
// with the seed's messages and changes nothing, and the list pages the user's own recharges.
// With a hash, on a real anvil dev chain: wallet-recharge.test.ts.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Recharge } from "../../protocol/wallet";
import { pngImage } from "./helpers/images";
import {
  postRecharge,
  rechargeOf,
  walletState,
  walletUser,
  type WalletUser,
} from "./helpers/recharge";
import { bearer, createUserSession } from "./helpers/sessions";
import { NO_RATE_LIMIT, useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { uploadImage } from "./helpers/uploads";

const getDb = usePglite();
const app = useTestApp(getDb, { rateLimit: NO_RATE_LIMIT, resetDbBeforeEach: true });
let user: WalletUser;

beforeEach(async () => {
  user = await walletUser(app, getDb());
});

describe("POST /wallet/recharge without a tx hash", () => {
  it("waits for an operator; a replayed key answers the same recharge", async () => {
    const body = { amount: "10.000000", voucher: user.voucher.toUpperCase() };
    const first = rechargeOf(await postRecharge(app, user, body, "k1"));
    expect(first).toMatchObject({ amount: "10", status: 0, verification: "none", txHash: null });
    // "10" and "10.000000" are the same request.
    const replay = rechargeOf(await postRecharge(app, user, { ...body, amount: "10" }, "k1"));
    expect(replay).toEqual(first);
    const mismatch = await postRecharge(app, user, { ...body, amount: "11" }, "k1");
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    const [n] = await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM recharges");
    expect(n?.n).toBe(1);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const other = await createUserSession(getDb());
    const othersVoucher = (await uploadImage(app, other, await pngImage(), "voucher")).id;
    const identityPhoto = (await uploadImage(app, user, await pngImage(), "identity")).id;
    const v = user.voucher;
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ voucher: v }, 400, "VALIDATION", "Please enter the amount"],
      [{ amount: "", voucher: v }, 400, "VALIDATION", "Please enter the amount"],
      [{ amount: 100, voucher: v }, 400, "VALIDATION", /decimal string/],
      [{ amount: "1e3", voucher: v }, 400, "VALIDATION", /decimal number/],
      [{ amount: "10.1234567", voucher: v }, 400, "VALIDATION", /more than 6 decimal places/],
      [{ amount: "9.99", voucher: v }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
      [{ amount: "0", voucher: v }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
      [{ amount: "10" }, 400, "VALIDATION", "Please upload the voucher"],
      [{ amount: "10", voucher: "" }, 400, "VALIDATION", "Please upload the voucher"],
      [{ amount: "10", voucher: "not-an-id" }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: randomUUID() }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: othersVoucher }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: identityPhoto }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: v, txHash: "0x1234" }, 400, "VALIDATION", /"txHash" must be/],
      [{ amount: "10", voucher: v, txHash: 7 }, 400, "VALIDATION", /"txHash" must be/],
    ];
    const before = await walletState(getDb());
    for (const [body, status, code, message] of cases) {
      const response = await postRecharge(app, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ Code: code, HttpStatusCode: status });
      const text = response.json<{ Message: string }>().Message;
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
    const noKey = await postRecharge(app, user, { amount: "10", voucher: v }, null);
    expect(noKey.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/recharge`,
      headers: { "idempotency-key": "x" },
      payload: { amount: "10", voucher: v },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await walletState(getDb())).toEqual(before);
  });

  it("lists the user's own recharges newest first, page by page", async () => {
    const ids: string[] = [];
    for (const amount of ["10", "11", "12"]) {
      ids.push(rechargeOf(await postRecharge(app, user, { amount, voucher: user.voucher })).id);
    }
    const other = await walletUser(app, getDb());
    rechargeOf(await postRecharge(app, other, { amount: "13", voucher: other.voucher }));
    const page1 = await app.inject({
      url: `${API_BASE}/wallet/recharge?limit=2`,
      headers: bearer(user),
    });
    const data1 = page1.json<{ Data: { items: Recharge[]; nextCursor: string | null } }>().Data;
    expect(data1.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const page2 = await app.inject({
      url: `${API_BASE}/wallet/recharge?limit=2&cursor=${data1.nextCursor ?? ""}`,
      headers: bearer(user),
    });
    const data2 = page2.json<{ Data: { items: Recharge[]; nextCursor: string | null } }>().Data;
    expect(data2).toEqual({
      items: [expect.objectContaining({ id: ids[0], amount: "10" })],
      nextCursor: null,
    });
  });
});
