// GET /assets/overview income counts each closed position once, at its close: its pnl (302/303)
// less the fee paid at opening and at closing (301). An open position is not income yet (its
// opening fee included), a cancelled limit order paid nothing and counts nothing. The figure
// agrees with the bills and with the balance.
import { expect, it } from "vitest";
import type { AssetsOverview } from "../../protocol/ledger";
import { API_BASE } from "../../protocol/paths";
import {
  cancelContract,
  closeContract,
  contractSuites,
  openContract,
  units,
} from "./helpers/contract";
import { bearer } from "./helpers/sessions";
import { balancesOf, fund, stepMarket } from "./helpers/spot";
import type { ContractOrder } from "../../protocol/contract";

const USDT = (s: string) => (s.startsWith("-") ? -units(s.slice(1), 6) : units(s, 6));

contractSuites("contract income", "contract-income", (env) => {
  it("counts pnl − both fees per closed position, nothing for open or cancelled orders", async () => {
    const { db, app, market, user } = env();
    await fund(db, user.userId, "USDT", USDT("10000"));
    await stepMarket(market, 2);
    const income = async () => {
      const response = await app.inject({
        url: `${API_BASE}/assets/overview?tz=UTC`,
        headers: bearer(user),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: AssetsOverview }>().Data.income;
    };
    const open = (body: object) =>
      openContract(app, user, { symbol: "BTC/USDT", leverage: 10, quantity: "0.02", ...body });
    const close = async (order: ContractOrder) => {
      const response = await closeContract(app, user, order.id);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: ContractOrder }>().Data;
    };

    const long = await open({ direction: "long", type: 0 });
    const short = await open({ direction: "short", type: 0 });
    expect((await income()).total).toBe("0"); // open positions are not income yet
    await stepMarket(market, 5);
    const closed = [await close(long), await close(short)];
    const stillOpen = await open({ direction: "long", type: 0 });
    const waiting = await open({ direction: "long", type: 1, price: "40000" });
    expect((await cancelContract(app, user, waiting.id)).statusCode).toBe(200);

    const realised = closed
      .map((o) => USDT(o.pnl ?? "") - USDT(o.openFee) - USDT(o.closeFee ?? ""))
      .reduce((a, b) => a + b, 0n);
    const result = await income();
    expect(USDT(result.total)).toBe(realised);
    expect(result.today).toBe(result.total);
    expect(result.yesterday).toBe("0");
    // The bills of the closed positions say the same: 301 twice and 302 or 303 each, 103/104 net 0.
    const ids = new Set(closed.map((o) => o.id));
    const rows = await db.query<{ ref_id: string; amount: string }>(
      "SELECT ref_id, amount::text FROM bills WHERE user_id = $1 AND ref_kind = 'contract-order'",
      [user.userId],
    );
    const billed = rows
      .filter((r) => ids.has(r.ref_id))
      .reduce((sum, r) => sum + BigInt(r.amount), 0n);
    expect(billed).toBe(realised);
    // And the balance: funds + realised − the open position's opening fee.
    const usdt = (await balancesOf(db, user.userId))("USDT");
    expect(usdt.available + usdt.frozen).toBe(USDT("10000") + realised - USDT(stillOpen.openFee));
  });
});
