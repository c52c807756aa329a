// PUT /contract/orders/{id}/targets: take-profit and stop-loss set, moved and removed (null) on a
// position and on a waiting order, on the same rule as at placing (against the entry and the
// liquidation price the row fixed); refused ones change nothing; only the owner's live orders can
// be edited; each edit reaches the change log. An edit on a position records the newest tick
// (targetsTickSeq: the levels apply to the ticks after it); on a waiting order it stays null
// (they apply after its opening tick). PGlite, and PostgreSQL when DATABASE_URL is set.
import { expect, it } from "vitest";
import type { ContractOrder } from "../../protocol/contract";
import {
  cancelContract,
  closeContract,
  contractSnapshot,
  contractSuites,
  openContract,
  putTargets,
  units,
} from "./helpers/contract";
import { createUserSession } from "./helpers/sessions";
import { fund, stepMarket } from "./helpers/spot";
import { syncAll } from "./helpers/sync";

const USDT = (s: string) => units(s, 6);
/** BTC's 0.01 steps from USDT units. */
const btcPrice = (u: bigint) => (Number(u / 10_000n) / 100).toFixed(2);

contractSuites("contract targets", "contract-targets", (env) => {
  it("sets, moves and removes a position's take-profit and stop-loss", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      type: 0,
    });
    const entry = USDT(order.price);
    const liquidation = USDT(order.liquidationPrice);
    const takeProfit = btcPrice(entry + USDT("1000"));
    const stopLoss = btcPrice(liquidation + USDT("10"));
    expect(order.targetsTickSeq).toBeNull();
    await stepMarket(market, 1);
    const head = () => String(market.feed.headSeqs().get("BTC/USDT"));
    const setAt = head();
    expect(BigInt(setAt)).toBeGreaterThan(BigInt(order.openTickSeq ?? ""));
    const set = await putTargets(app, user, order.id, { takeProfit, stopLoss });
    expect(set.statusCode, set.body).toBe(200);
    const edited = set.json<{ Data: ContractOrder }>().Data;
    // Everything else as it was: only the targets changed, dated by the newest tick.
    expect(edited).toEqual({ ...order, takeProfit, stopLoss, targetsTickSeq: setAt });

    const moved = await putTargets(app, user, order.id, { takeProfit: null, stopLoss });
    expect(moved.json<{ Data: ContractOrder }>().Data).toMatchObject({
      takeProfit: null,
      stopLoss,
    });
    await stepMarket(market, 1);
    const removedAt = head();
    const removed = await putTargets(app, user, order.id, { takeProfit: null, stopLoss: null });
    const last = removed.json<{ Data: ContractOrder }>().Data;
    expect(last).toEqual({ ...order, takeProfit: null, stopLoss: null, targetsTickSeq: removedAt });
    const { changes } = await syncAll(app, user);
    expect(changes.filter((c) => c.entity === "contract-order").map((c) => c.data)).toEqual([last]);
  });

  it("refuses targets on the wrong side and changes nothing", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "short",
      leverage: 20,
      quantity: "0.01",
      type: 0,
    });
    const before = await contractSnapshot(db);
    const cases = [
      [{ takeProfit: order.price, stopLoss: null }, "takeProfit", "below", "entry", order.price],
      [{ takeProfit: null, stopLoss: order.price }, "stopLoss", "above", "entry", order.price],
      [
        { takeProfit: null, stopLoss: order.liquidationPrice },
        "stopLoss",
        "below",
        "liquidation",
        order.liquidationPrice,
      ],
    ] as const;
    for (const [body, field, side, reference, limit] of cases) {
      const response = await putTargets(app, user, order.id, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        Code: "TARGET_INVALID",
        Params: { field, side, reference, limit },
      });
    }
    for (const [body, field] of [
      [{ stopLoss: null }, "takeProfit"],
      [{ takeProfit: null }, "stopLoss"],
      [{ takeProfit: "1.001", stopLoss: null }, "takeProfit"],
      [{ takeProfit: 5, stopLoss: null }, "takeProfit"],
    ] as const) {
      const response = await putTargets(app, user, order.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION", Params: { field } });
    }
    expect(await contractSnapshot(db)).toEqual(before);
  });

  it("edits a waiting order's targets against its own limit price", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "BTC/USDT",
      direction: "long",
      leverage: 10,
      quantity: "0.01",
      type: 1,
      price: "50000",
    });
    expect(order.liquidationPrice).toBe("45250.00"); // 50,000 × 0.905
    const ok = await putTargets(app, user, order.id, { takeProfit: "55000", stopLoss: "45250.01" });
    expect(ok.json<{ Data: ContractOrder }>().Data).toMatchObject({
      state: 0,
      takeProfit: "55000.00",
      stopLoss: "45250.01",
      targetsTickSeq: null,
    });
    const low = await putTargets(app, user, order.id, { takeProfit: null, stopLoss: "45250" });
    expect(low.json()).toMatchObject({
      Params: { field: "stopLoss", reference: "liquidation", limit: "45250.00" },
    });
    expect((await cancelContract(app, user, order.id)).statusCode).toBe(200);
  });

  it("only the owner's live orders: 404 for others, 409 once completed", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 2);
    const order = await openContract(app, user, {
      symbol: "ETH/USDT",
      direction: "long",
      leverage: 3,
      quantity: "0.1",
      type: 0,
    });
    const body = { takeProfit: null, stopLoss: null };
    const stranger = await createUserSession(db);
    expect((await putTargets(app, stranger, order.id, body)).statusCode).toBe(404);
    expect((await putTargets(app, user, "999999", body)).statusCode).toBe(404);
    expect((await closeContract(app, user, order.id)).statusCode).toBe(200);
    const before = await contractSnapshot(db);
    const late = await putTargets(app, user, order.id, body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      Code: "CONFLICT",
      Params: { conflict: "order-completed", reason: "user" },
    });
    expect(await contractSnapshot(db)).toEqual(before);
  });
});
