// Contract orders by their state, on the real app (PGlite, and PostgreSQL when DATABASE_URL is
// set): a second close, a close that lost the race to a liquidation, a replayed Idempotency-Key,
// and the user's list by state in cursor pages. The money of an open and a close is in
// contract-orders.test.ts; ledger:check after each test.
import { expect, it } from "vitest";
import type { ContractOrder } from "../../protocol/contract";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import { closePosition } from "../../server/domain/contract/close-position";
import {
  bookOf,
  cancelContract,
  closeContract,
  contractBills,
  contractSuites,
  openContract,
  postContractOrder,
  units,
} from "./helpers/contract";
import { bearer, createUserSession } from "./helpers/sessions";
import { balancesOf, fund, stepMarket } from "./helpers/spot";

const USDT = (s: string) => units(s, 6);

contractSuites("contract order states", "contract-order-states", (env) => {
  it("closing twice is a clean 409; waiting, open and other users' orders answer by their state", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "SOL/USDT", direction: "short", leverage: 3, quantity: "1", type: 0 };
    const order = await openContract(app, user, body);
    const stranger = await createUserSession(db);
    expect((await closeContract(app, stranger, order.id)).json()).toMatchObject({
      HttpStatusCode: 404,
      Code: "NOT_FOUND",
    });
    expect((await cancelContract(app, stranger, order.id)).statusCode).toBe(404);
    expect((await closeContract(app, user, "999999")).statusCode).toBe(404);
    const cancel = await cancelContract(app, user, order.id);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ Params: { conflict: "order-open" } });

    expect((await closeContract(app, user, order.id)).statusCode).toBe(200);
    const before = await balancesOf(db, user.userId);
    const second = await closeContract(app, user, order.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "user" },
      Message: "This position is already closed",
    });
    expect((await balancesOf(db, user.userId))("USDT")).toEqual(before("USDT"));

    const bestBid = USDT(bookOf(market, "SOL/USDT").bids[0]?.[0] ?? "0");
    const waiting = await openContract(app, user, {
      ...body,
      type: 1,
      price: ((Number(bestBid / 10_000n) + 100) / 100).toFixed(2), // 1 USDT over the bid
    });
    const closing = await closeContract(app, user, waiting.id);
    expect(closing.statusCode).toBe(409);
    expect(closing.json()).toMatchObject({ Params: { conflict: "order-waiting" } });
    expect((await cancelContract(app, user, waiting.id)).statusCode).toBe(200);
  });

  it("a close after a liquidation won the race is a 409 naming it; the loss is the margin", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 50,
      quantity: "0.001",
      type: 0,
    });
    await stepMarket(market, 1);
    // What the trigger worker does when a recorded tick reaches the liquidation price.
    const tickSeq = market.feed.headSeqs().get("BTC/USDT")?.toString() ?? "";
    const liquidated = await db.transaction((tx) =>
      closePosition(tx, {
        id: order.id,
        reason: "liquidation",
        price: USDT(order.liquidationPrice),
        tickSeq,
        atMs: Date.now(),
      }),
    );
    expect(liquidated.kind).toBe("closed");
    const response = await closeContract(app, user, order.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "liquidation" },
      Message: "This position was already liquidated",
    });
    const m = USDT(order.margin);
    expect((await contractBills(db, user.userId)).slice(2)).toEqual([
      [104, m],
      [303, -m],
    ]);
    expect((await balancesOf(db, user.userId))("USDT")).toEqual({
      available: USDT("1000") - USDT(order.openFee) - m,
      frozen: 0n,
    });
  });

  it("replays an Idempotency-Key with the stored order, and refuses it with another body", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "BTC/USDT", direction: "long", leverage: 2, quantity: "0.001", type: 0 };
    const first = await postContractOrder(app, user, body, "same-key");
    expect(first.statusCode, first.body).toBe(200);
    await stepMarket(market, 2);
    // "0.00100" is the same quantity: the same request.
    const replay = await postContractOrder(app, user, { ...body, quantity: "0.00100" }, "same-key");
    expect(replay.json()).toEqual(first.json());
    const other = await postContractOrder(app, user, { ...body, leverage: 3 }, "same-key");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    const [count] = await db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM contract_orders",
    );
    expect(count?.n).toBe("1");
  });

  it("lists the user's orders newest first, by state, in cursor pages", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("1000"));
    await stepMarket(market, 2);
    const body = { symbol: "DOGE/USDT", direction: "long", leverage: 5, quantity: "100", type: 0 };
    const a = await openContract(app, user, body);
    const b = await openContract(app, user, body);
    const c = await openContract(app, user, body);
    await closeContract(app, user, b.id);
    const list = async (query: string) => {
      const response = await app.inject({
        url: `${API_BASE}/contract/orders${query}`,
        headers: bearer(user),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: ListPage<ContractOrder> }>().Data;
    };
    const open = await list("?state=1");
    expect(open.items.map((o) => o.id)).toEqual([c.id, a.id]);
    expect((await list("?state=2")).items.map((o) => o.id)).toEqual([b.id]);
    expect((await list("?state=0")).items).toEqual([]);
    const first = await list("?limit=2");
    expect(first.items.map((o) => o.id)).toEqual([c.id, b.id]);
    expect(first.nextCursor).toBe(b.id);
    const rest = await list(`?limit=2&cursor=${first.nextCursor ?? ""}`);
    expect(rest).toEqual({ items: [expect.objectContaining({ id: a.id })], nextCursor: null });
    const bad = await app.inject({
      url: `${API_BASE}/contract/orders?state=3`,
      headers: bearer(user),
    });
    expect(bad.statusCode).toBe(400);
    // Another user sees none of them.
    const stranger = await createUserSession(db);
    const theirs = await app.inject({
      url: `${API_BASE}/contract/orders`,
      headers: bearer(stranger),
    });
    expect(theirs.json<{ Data: ListPage<ContractOrder> }>().Data.items).toEqual([]);
  });
});
