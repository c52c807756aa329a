// Rise/fall options end to end, every part real: demo funds, "up" for 30 s on /options with its
// confirm sheet and countdown; a second order while one is open is refused with the seed's
// sentence (in English here, in Japanese for a ja-JP browser); the result on the screen is
// recomputed from GET /market/ticks with the one settlement rule, so a wrong settlement cannot
// pass; Verify says verified; /records holds the purchase, fee and settlement bills; offline the
// history still renders and buying is disabled with the reason.
import { afterAll, describe, expect, it } from "vitest";
import { formatUnits, parseUnits } from "../../protocol/decimal";
import type { Bill } from "../../protocol/ledger";
import type { ListPage } from "../../protocol/list";
import {
  expectedLossRate,
  instant,
  optionFee,
  optionProfit,
  PREVIOUS_ORDER_OPEN_MESSAGE,
  type OptionResult,
  type OptionsProduct,
} from "../../protocol/options";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { ANVIL_KEY_1, api, demoCredit, SERVER_POLL_MS } from "./helpers/accounts";
import { LOCAL, setNetwork, textOf, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { waitForAvailable } from "./helpers/order-form";
import {
  countdownSeconds,
  firstBrokenTickLink,
  numbersIn,
  optionsOrdersOf,
  optionsProductsOf,
  orderTick,
  placeOptionFromNode,
  recomputeSettlement,
  usdt,
  USDT_SCALE,
} from "./helpers/options";
import {
  checkHistoryItem,
  expectBlockedByOpenOrder,
  flat,
  historyItem,
  openOptions,
} from "./helpers/options-screen";

// A private copy of dist/: the offline part loads the shell the service worker precached.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

const SYMBOL = "BTC/USDT";
const SECONDS = 30;
/** The seed's Japanese sentence for PREVIOUS_ORDER_OPEN (src/locales/jp/messages.po). */
const PREVIOUS_ORDER_OPEN_JP = "前の注文を先に完了してください";

/** Bill types the settlement of each result posts (API.md bills; DESIGN §5). */
const SETTLEMENT_BILLS: Record<OptionResult, string[]> = {
  win: ["312"],
  lose: [],
  tie: ["313"],
  void: ["313", "313"],
};

/** The 30 s product, and a stake of 10 USDT kept inside its range. */
async function thirtySecondProduct(): Promise<{ product: OptionsProduct; stake: string }> {
  const products = await optionsProductsOf(e2e.server);
  expect(products.map((p) => p.seconds)).toEqual(expect.arrayContaining([30, 60, 120, 300]));
  const product = products.find((p) => p.seconds === SECONDS);
  if (!product) throw new Error("No 30 s product");
  const ten = parseUnits("10", USDT_SCALE);
  const min = parseUnits(product.minAmount, USDT_SCALE);
  const max = parseUnits(product.maxAmount, USDT_SCALE);
  return { product, stake: usdt(ten < min ? min : ten > max ? max : ten) };
}

/** The user's bills of one order (GET /assets/bills, newest first). */
async function billsOf(token: string, orderId: string): Promise<Bill[]> {
  const answer = await api<ListPage<Bill>>(e2e.server, "GET", "assets/bills?limit=50", { token });
  expect(answer.status).toBe(200);
  return answer.body.Data.items.filter(
    (b) => b.ref.kind === "options-order" && b.ref.id === orderId,
  );
}

describe("rise/fall options", () => {
  // The option itself takes 30 s; on a busy machine the rest can take as long again.
  it(
    "buys up for 30 s: countdown, a result recomputed from the ticks, Verify, /records; a second order is refused; offline the history renders and buying is disabled",
    {
      timeout: 180_000,
    },
    async () => {
      const { page, server, session, log } = e2e;
      await signInThroughLogin(page);
      const token = await tokenOf(page);
      await demoCredit(server, token, "1000");
      const { product, stake } = await thirtySecondProduct();
      const stakeUnits = parseUnits(stake, USDT_SCALE);
      const fee = optionFee(stakeUnits, product.feeRate);
      const winReturn = stakeUnits + optionProfit(stakeUnits, product.payoutRate);

      await openOptions(page, SECONDS);
      await waitForAvailable(page, "options-available", "1000");
      // The house is the counterparty: the screen says what a 50/50 guess loses on average.
      const loss = expectedLossRate(product.payoutRate, product.feeRate);
      const lossPercent = formatUnits(parseUnits(loss, 8) * 100n, 8);
      expect(numbersIn(await flat(page.getByTestId("options-ev")))).toContain(lossPercent);

      // 1. "Up" for 30 s: the sheet states the stake, what a win pays back and the fee first.
      await page.getByTestId("options-amount").fill(stake);
      await page.getByTestId("options-up").click();
      const sheet = page.getByTestId("options-confirm-sheet");
      await sheet.waitFor(LOCAL);
      const terms = numbersIn(await flat(sheet));
      expect(terms).toEqual(expect.arrayContaining([stake, usdt(winReturn), usdt(fee), "30"]));
      await page.getByTestId("options-confirm").click();

      await expect
        .poll(async () => (await optionsOrdersOf(server, token, "open")).length, {
          ...LOCAL,
          interval: SERVER_POLL_MS,
        })
        .toBe(1);
      const [placed] = await optionsOrdersOf(server, token, "open");
      if (!placed) throw new Error("no open order");
      expect(placed).toMatchObject({
        symbol: SYMBOL,
        direction: "up",
        seconds: SECONDS,
        payoutRate: product.payoutRate,
        result: null,
        profit: null,
        entryTick: null,
        exitTick: null,
      });
      expect(parseUnits(placed.number, USDT_SCALE)).toBe(stakeUnits);
      expect(parseUnits(placed.fee, USDT_SCALE)).toBe(fee);
      expect(instant(placed.expiresAt) - instant(placed.time)).toBe(SECONDS * 1000);

      // 2. The open order's card counts down to expiresAt.
      await page.getByTestId("options-open-order").waitFor(LOCAL);
      const countdown = page.getByTestId("options-countdown");
      await expect
        .poll(async () => countdownSeconds(await textOf(countdown)), LOCAL)
        .not.toBeNull();
      const shown = countdownSeconds(await textOf(countdown)) ?? 0;
      const remaining = (instant(placed.expiresAt) - Date.now()) / 1000;
      expect(Math.abs(shown - remaining), `countdown ${shown}, ${remaining} s left`).toBeLessThan(
        3,
      );
      await expect
        .poll(async () => countdownSeconds(await textOf(countdown)), { timeout: 5_000 })
        .toBeLessThan(shown);

      // 3. A second order while this one is open: the screen says the seed's sentence, verbatim,
      // and the server refuses one sent from Node with it; still one order is open.
      await expectBlockedByOpenOrder(page, PREVIOUS_ORDER_OPEN_MESSAGE);
      const second = await placeOptionFromNode(server, token, {
        symbol: SYMBOL,
        direction: "down",
        seconds: SECONDS,
        amount: stake,
      });
      expect(second.status).toBe(422);
      expect(second.body).toMatchObject({
        Code: "PREVIOUS_ORDER_OPEN",
        Message: PREVIOUS_ORDER_OPEN_MESSAGE,
      });
      expect((await optionsOrdersOf(server, token, "open")).map((o) => o.id)).toEqual([placed.id]);

      // While it runs: the service worker takes control, for the offline part at the end.
      await waitForServiceWorker(page);

      // 4. Settled once its exit is recorded: the stored settlement is the rule's on the ticks.
      await expect
        .poll(async () => (await optionsOrdersOf(server, token, "done")).map((o) => o.id), {
          timeout: Math.max(0, instant(placed.expiresAt) - Date.now()) + 20_000,
          interval: SERVER_POLL_MS,
        })
        .toEqual([placed.id]);
      const [order] = await optionsOrdersOf(server, token, "done");
      if (!order) throw new Error("no settled order");
      const { settlement, ticks } = await recomputeSettlement(server, order);
      expect(ticks.length, "ticks in the window").toBeGreaterThan(0);
      expect(firstBrokenTickLink(ticks), "the window's hash links").toBeNull();
      expect(
        settlement.result,
        "void needs a feed outage, which the demo feed does not have",
      ).not.toBe("void");
      expect(order).toMatchObject({
        result: settlement.result,
        entryTick: orderTick(settlement.entry),
        exitTick: orderTick(settlement.exit),
        buyPrice: settlement.entry?.price,
        sellPrice: settlement.exit?.price,
      });
      expect(parseUnits(order.profit ?? "x", USDT_SCALE)).toBe(settlement.profit);
      expect(instant(order.settledAt ?? "")).toBeGreaterThanOrEqual(instant(order.expiresAt));

      // ...and the screen shows that result, its profit and its ticks.
      await checkHistoryItem(page, order, settlement.result, usdt(settlement.profit));
      expect(await page.getByTestId("options-open-order").count()).toBe(0);
      expect(await page.getByTestId("options-countdown").count()).toBe(0);

      // 5. Verify: the app recomputes it from the ticks and the chain head and says so.
      const item = historyItem(page, order.id);
      await item.getByTestId("options-verify").click();
      const verdict = item.getByTestId("options-verify-result");
      await expect.poll(() => flat(verdict), { timeout: 30_000 }).toMatch(/verified/i);
      expect(await verdict.getAttribute("data-status")).toBe("verified");
      const said = await flat(verdict);
      expect(said).not.toMatch(/not verified|fail|mismatch|wrong/i);
      expect(said).toContain(order.entryTick?.seq);
      expect(said).toContain(order.exitTick?.seq);

      // 6. /records: demo funds, the stake (311) and the fee (314), and what settlement paid.
      const bills = await billsOf(token, order.id);
      const expectedBills = ["311", "314", ...SETTLEMENT_BILLS[settlement.result]].sort();
      expect(bills.map((b) => String(b.type)).sort()).toEqual(expectedBills);
      const amountOf = (type: string) =>
        bills.filter((b) => String(b.type) === type).map((b) => parseUnits(b.amount, USDT_SCALE));
      expect(amountOf("311")).toEqual([-stakeUnits]);
      expect(amountOf("314")).toEqual([-fee]);
      if (settlement.result === "win") expect(amountOf("312")).toEqual([settlement.returned]);
      if (settlement.result === "tie") expect(amountOf("313")).toEqual([stakeUnits]);
      await page.goto("/records");
      await page.getByTestId("screen-records").waitFor();
      const shownTypes = () =>
        page
          .getByTestId("bill-row")
          .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-type") ?? ""));
      await expect
        .poll(async () => (await shownTypes()).sort(), LOCAL)
        .toEqual(["106", ...expectedBills].sort());

      // 7. Offline: the history and its result render from IndexedDB; buying says why it cannot.
      await setNetwork(session.context, false);
      await page.goto("/options").catch(() => undefined);
      await page.getByTestId("screen-options").waitFor();
      await checkHistoryItem(page, order, settlement.result, usdt(settlement.profit));
      expect(await page.getByTestId("options-up").isDisabled()).toBe(true);
      expect(await page.getByTestId("options-down").isDisabled()).toBe(true);
      await expect
        .poll(() => flat(page.getByTestId("options-disabled-reason")), LOCAL)
        .toMatch(/offline/i);
      await setNetwork(session.context, true);

      expect(log.pageErrors).toEqual([]);
    },
  );

  it("says the sentence in Japanese to a ja-JP browser while an option is open", async () => {
    const { server } = e2e;
    const session = await e2e.newSession({
      locale: "ja-JP",
      wallet: { privateKey: ANVIL_KEY_1 },
    });
    const { page } = session;
    await signInThroughLogin(page);
    const token = await tokenOf(page);
    await demoCredit(server, token, "1000");
    const { stake } = await thirtySecondProduct();
    await openOptions(page, SECONDS);

    // The open order comes from another device (Node); this screen learns of it and says so.
    const first = await placeOptionFromNode(server, token, {
      symbol: SYMBOL,
      direction: "up",
      seconds: SECONDS,
      amount: stake,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await expectBlockedByOpenOrder(page, PREVIOUS_ORDER_OPEN_JP);
    expect(await page.getByText(PREVIOUS_ORDER_OPEN_MESSAGE).count()).toBe(0);
    expect((await optionsOrdersOf(server, token, "open")).map((o) => o.id)).toEqual([
      first.body.Data.id,
    ]);
    expect(session.log.pageErrors).toEqual([]);
  });
});
