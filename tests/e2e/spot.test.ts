// Spot trading end to end (issues 7 and 15), every part real: demo funds, then on
// /spots?symbol=BTCUSDT (the shared trading layout: pair bar, header, form beside the order book,
// all above the fold at 390×844) a limit buy priced through the asks that fills at once as a
// taker, its result in a toast the tab bar does not cover, a market buy asked as a USDT total, a
// limit sell that rests (priced above the best bid) and is cancelled; /records shows the bills,
// /my the balances per asset; offline the order form is disabled with the reason.
import type { Page } from "playwright-core";
import { randomUUID } from "node:crypto";
import { formatUnits, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import type { Depth } from "../../protocol/market";
import type { ListPage } from "../../protocol/list";
import type { SpotConfig, SpotOrder } from "../../protocol/spot";
import { useE2E } from "./harness/fixtures";
import { api } from "./helpers/accounts";
import { LOCAL, setNetwork, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { waitForAvailable } from "./helpers/order-form";

const e2e = useE2E();
const SYMBOL = "BTC/USDT";

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? "").replace(/\s+/g, " ").trim();

/** 1.5 × `price`, rounded up to a multiple of `step` (decimal strings, exact). */
function wellAbove(price: string, step: string): string {
  const decimals = step.split(".")[1]?.length ?? 0;
  const stepUnits = parseUnits(step, decimals);
  const wanted = (parseUnits(price, decimals) * 3n) / 2n;
  return formatUnits(((wanted + stepUnits - 1n) / stepUnits) * stepUnits, decimals);
}

async function orders(token: string, status: "open" | "done"): Promise<SpotOrder[]> {
  const answer = await api<ListPage<SpotOrder>>(e2e.server, "GET", `spot/orders?status=${status}`, {
    token,
  });
  return answer.body.Data.items;
}

describe("spot trading", () => {
  it("fills a crossing limit buy as a taker, rests a limit sell and cancels it; /records and /my show it; offline it is disabled", async () => {
    const { page, server, session } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const token = await tokenOf(page);
    const credited = await fetch(`${server.url}/api/v1/wallet/demo-credit`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
      },
      body: JSON.stringify({ amount: "10000" }),
    });
    expect(credited.status).toBe(200);

    await page.goto("/spots?symbol=BTCUSDT");
    await page.getByTestId("screen-spots").waitFor();
    expect(await page.getByTestId("price-header").getAttribute("data-symbol")).toBe(SYMBOL);
    // The form opens once the trading terms and a fresh price are on the device.
    await expect.poll(() => page.getByTestId("spot-blocked").count(), LOCAL).toBe(0);

    // Above the fold at 390×844: the pair bar, the order form's button and the order book.
    await page.getByTestId("ladder-ask").first().waitFor(LOCAL);
    const viewport = page.viewportSize();
    const tabBar = await page.locator(".q-tabbar").boundingBox();
    const fold = tabBar?.y ?? viewport?.height ?? 844;
    for (const id of ["pair-bar", "spot-continue", "order-book-ladder"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${id} above the fold`).toBeLessThanOrEqual(fold);
    }
    // The chart is one tap away.
    await page.getByTestId("trading-view-chart").click();
    await page.getByTestId("market-chart-panel").waitFor();
    await page.getByTestId("trading-view-trade").click();

    // 1. Limit buy of 0.01 BTC priced well above the best ask: it fills at once as a taker, at
    // the book's prices (never above the limit), instead of being refused.
    const bookNow = await api<Depth>(
      server,
      "GET",
      `market/depth?symbol=${encodeURIComponent(SYMBOL)}`,
    );
    const buyLimit = wellAbove(bookNow.body.Data.asks[0]?.[0] ?? "0", "0.01");
    await page.getByTestId("spot-side-buy").click();
    await waitForAvailable(page, "spot-available", "10000");
    await page.getByTestId("spot-type-limit").click();
    await page.getByTestId("spot-price").fill(buyLimit);
    await page.getByTestId("spot-number").fill("0.01");
    await expect.poll(() => text(page, "spot-estimate-fee"), LOCAL).toMatch(/\d/);
    await page.getByTestId("spot-continue").click();
    await page.getByTestId("spot-confirm-sheet").waitFor();
    expect(await text(page, "spot-confirm-fee")).toMatch(/\d/);
    await page.getByTestId("spot-confirm-button").click();
    await expect
      .poll(async () => (await orders(token, "done")).map((o) => [o.type, o.side, o.status]), LOCAL)
      .toEqual([[1, 0, "filled"]]);
    const [bought] = await orders(token, "done");
    expect(parseUnits(bought?.filled ?? "0", 8)).toBe(parseUnits("0.01", 8));
    expect(bought?.fills[0]?.liquidity).toBe("taker");
    expect(bought?.fills[0]?.tickSeq).toMatch(/^\d+$/);
    expect(parseUnits(bought?.avgPrice ?? "0", 2) < parseUnits(buyLimit, 2)).toBe(true);

    // Its result is a toast above the tab bar: nothing covers it, its button can be pressed.
    const toast = page.locator('[data-testid="spot-outcome"][data-status="filled"]');
    await toast.waitFor(LOCAL);
    const toastBox = await toast.boundingBox();
    const bar = await page.locator(".q-tabbar").boundingBox();
    if (toastBox === null || bar === null) throw new Error("no toast or no tab bar");
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bar.y);
    const onTop = await toast.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height - 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop).toBe(true);
    await toast.getByRole("button").click();
    await expect.poll(() => page.getByTestId("spot-outcome").count(), LOCAL).toBe(0);

    // A market buy is asked as a USDT total: the form says how much it buys now (not sent).
    await page.getByTestId("spot-type-market").click();
    await page.getByTestId("spot-total").fill("100");
    await expect.poll(() => text(page, "spot-total-number"), LOCAL).toMatch(/BTC/);
    await page.getByTestId("spot-total").fill("");

    // 2. Limit sell of 0.005 BTC well above the best bid: it rests, 0.005 BTC frozen.
    const config = await api<SpotConfig>(server, "GET", "spot/config");
    const rules = config.body.Data.symbols.find((s) => s.symbol === SYMBOL);
    const depth = await api<Depth>(
      server,
      "GET",
      `market/depth?symbol=${encodeURIComponent(SYMBOL)}`,
    );
    const limitPrice = wellAbove(depth.body.Data.bids[0]?.[0] ?? "0", rules?.priceStep ?? "0.01");
    await page.getByTestId("spot-side-sell").click();
    await page.getByTestId("spot-type-limit").click();
    await page.getByTestId("spot-price").fill(limitPrice);
    await page.getByTestId("spot-number").fill("0.005");
    await page.getByTestId("spot-continue").click();
    await page.getByTestId("spot-confirm-sheet").waitFor();
    await page.getByTestId("spot-confirm-button").click();
    await expect.poll(async () => (await orders(token, "open")).length, LOCAL).toBe(1);
    // Its toast says it rests; dismissed so that it covers nothing the test presses next.
    await page.locator('[data-testid="spot-outcome"][data-status="open"]').waitFor(LOCAL);
    await page.getByTestId("spot-outcome").getByRole("button").click();
    await page.getByTestId("spot-orders-open").click();
    const resting = page.locator('[data-testid="spot-order"][data-status="open"]');
    await resting.waitFor(LOCAL);

    // 3. Cancel it from the open orders: everything frozen comes back.
    await resting.getByTestId("spot-cancel").click();
    await expect
      .poll(async () => (await orders(token, "done")).map((o) => o.status).sort(), LOCAL)
      .toEqual(["cancelled", "filled"]);
    await page.getByTestId("spot-orders-done").click();
    await expect
      .poll(
        () => page.locator('[data-testid="spot-order"][data-status="cancelled"]').count(),
        LOCAL,
      )
      .toBe(1);

    // 4. /records: demo funds, the taker buy (316 + 318), the limit sell's freeze and return.
    await page.goto("/records");
    await page.getByTestId("screen-records").waitFor();
    await expect.poll(() => page.getByTestId("bill-row").count(), LOCAL).toBe(5);
    const types = await page
      .getByTestId("bill-row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-type")));
    expect(types.sort()).toEqual(["106", "316", "318", "320", "322"]);

    // 5. /my: 0.01 BTC available, none frozen; USDT lowered by what the buy cost.
    await page.goto("/my");
    await page.getByTestId("screen-my").waitFor();
    await page.getByTestId("my-tab-others").click();
    const btcRow = page.getByTestId("my-other-balance").filter({ hasText: "BTC" });
    await expect
      .poll(
        // Asset, available, frozen (the fourth cell is its value in USDT, checked in holdings.test.ts).
        () =>
          btcRow
            .locator("th, td")
            .evaluateAll((cells) => cells.slice(0, 3).map((c) => c.textContent)),
        LOCAL,
      )
      .toEqual(["BTC", "0.01", "0"]);
    // The buy's one USDT bill (316) is notional + fee; the screen shows what is left.
    const bills = await api<ListPage<{ amount: string }>>(server, "GET", "assets/bills?type=316", {
      token,
    });
    const left = parseUnits("10000", 6) + parseUnits(bills.body.Data.items[0]?.amount ?? "0", 6);
    await expect
      .poll(async () => (await text(page, "my-usdt-available")).replace(/[^\d.]/g, ""), LOCAL)
      .toBe(formatUnits(left, 6));

    // 6. Offline: the order form is disabled and says why; the orders still show.
    await setNetwork(session.context, false);
    await page.goto("/spots").catch(() => undefined);
    await page.getByTestId("screen-spots").waitFor();
    await expect.poll(() => text(page, "spot-blocked"), LOCAL).toMatch(/offline/i);
    expect(await page.getByTestId("spot-continue").isDisabled()).toBe(true);
    await setNetwork(session.context, true);
  });
});
