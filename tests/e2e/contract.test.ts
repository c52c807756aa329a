// Contract trading end to end (issue 18), every part real but the exchange: the server reads a
// local Binance-format stream (helpers/fake-binance.ts) through its real Binance adapter, so the
// test decides the book and every recorded tick. On /contract a 10× long at market: the confirm
// sheet's margin and liquidation price are the open position's, and both are protocol/contract.ts
// recomputed from the order's answer; closing it moves it to history with its pnl, /records holds
// its bills and /my's income is its pnl less its fees; a waiting limit order far from the market
// is cancelled and every unit comes back; offline the form is disabled with the reason while
// positions and history render from IndexedDB; a liquidation names the recorded tick that did it.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_STATE, maxQuantity, type ContractOrder } from "../../protocol/contract";
import { parseUnits } from "../../protocol/decimal";
import { priceString, qtyString } from "../../protocol/spot-rules";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { ANVIL_KEY_1, demoCredit, SERVER_POLL_MS } from "./helpers/accounts";
import {
  byTestId,
  canonical,
  contractBillsOf,
  contractConfigOf,
  contractOrdersOf,
  numberShown,
  overviewOf,
  placeContractFromNode,
  priceUnits,
  ratesOf,
  recomputeClose,
  recomputeOpen,
  symbolRulesOf,
  usdtText,
  usdtUnits,
} from "./helpers/contract";
import { FakeBinance } from "./helpers/fake-binance";
import { LOCAL, setNetwork, textOf, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { firstBrokenTickLink, numbersIn, recordedTicks } from "./helpers/options";

const SYMBOL = "BTC/USDT";
const CREDIT = "10000";
const QUANTITY = "0.01";
const LEVERAGE = 10;
/** Where the market opens, and where it has gone up to when the long is closed. */
const OPENING = { bid: "60000.00", ask: "60000.50" };
const RISEN = { bid: "61000.00", ask: "61000.50" };

// A private copy of dist/: the offline part loads the shell the service worker precached.
const dist = copyDist();
afterAll(() => dist.remove());
// Filled in before the server starts (useE2E reads it then): the exchange's port is not known yet.
const serverEnv: Record<string, string> = { MARKET_SOURCE: "binance" };
let exchange: FakeBinance | undefined;
beforeAll(async () => {
  exchange = await FakeBinance.start({ quote: OPENING });
  serverEnv.MARKET_BINANCE_URL = exchange.url;
});
afterAll(async () => {
  await exchange?.stop();
});
const e2e = useE2E({ server: { distDir: dist.dir, env: serverEnv } });

const fromServer = { ...LOCAL, interval: SERVER_POLL_MS };

function market(): FakeBinance {
  if (!exchange) throw new Error("the exchange is not running");
  return exchange;
}

/** The one order of the user in `state` once there is exactly one (polled). */
async function onlyOrder(token: string, state: 0 | 1 | 2, id?: string): Promise<ContractOrder> {
  const find = async () =>
    (await contractOrdersOf(e2e.server, token, state)).filter(
      (o) => id === undefined || o.id === id,
    );
  await expect.poll(async () => (await find()).length, fromServer).toBe(1);
  const [order] = await find();
  if (!order) throw new Error(`no order in state ${state}`);
  return order;
}

/** Opens /contract once orders can be placed there (terms synced, a fresh price, online). */
async function openContract(page: Page): Promise<void> {
  await page.goto("/contract");
  await page.getByTestId("screen-contract").waitFor();
  expect(await page.getByTestId("price-header").getAttribute("data-symbol")).toBe(SYMBOL);
  await expect.poll(() => page.getByTestId("contract-offline-reason").count(), LOCAL).toBe(0);
  await page
    .getByTestId("contract-leverage")
    .locator(`option[value="${LEVERAGE}"]`)
    .waitFor({
      state: "attached",
      ...LOCAL,
    });
}

/**
 * At 390×844 the form shares the first screen with the order book: every control of the form
 * lies in the form's column, none under the book, where a tap would land on the book instead.
 */
async function expectFormBesideBook(page: Page): Promise<void> {
  const book = await page.getByTestId("order-book-ladder").boundingBox();
  if (book === null) return; // the book is stacked under the form on this layout
  for (const id of [
    "contract-direction-short",
    "contract-type-limit",
    "contract-leverage",
    "contract-quantity",
    "contract-quantity-unit",
    "contract-percent-100",
    "contract-submit",
  ]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    const right = (box?.x ?? 0) + (box?.width ?? 0);
    const overlaps = right > book.x && (box?.x ?? 0) < book.x + book.width;
    const beside =
      (box?.y ?? 0) >= book.y + book.height || (box?.y ?? 0) + (box?.height ?? 0) <= book.y;
    expect(
      overlaps && !beside,
      `${id} (x ${box?.x}..${right}) lies under the order book (x ${book.x}..)`,
    ).toBe(false);
  }
}

/** The quantity field counts coins (BTC), not USDT: toggled until it says so. */
async function quantityInCoins(page: Page): Promise<void> {
  const toggle = page.getByTestId("contract-quantity-unit");
  for (let i = 0; i < 2; i += 1) {
    const unit = (await toggle.getAttribute("data-unit")) ?? (await textOf(toggle));
    if (/btc|coin|base/i.test(unit) && !/usdt/i.test(unit)) return;
    await toggle.click();
  }
  throw new Error("the quantity unit never became the coin");
}

/** Fills the order form; answers what the confirm sheet shows once it is open. */
async function orderThroughForm(
  page: Page,
  order: { type: "market" | "limit"; price?: string },
): Promise<{ margin: string; fee: string; liquidation: string }> {
  await page.getByTestId("contract-direction-long").click();
  await page.getByTestId(`contract-type-${order.type}`).click();
  await page.getByTestId("contract-leverage").selectOption(String(LEVERAGE));
  if (order.price !== undefined) await page.getByTestId("contract-price").fill(order.price);
  await quantityInCoins(page);
  await page.getByTestId("contract-quantity").fill(QUANTITY);
  // Every number that decides a loss is on the form before the order.
  for (const id of ["margin", "fee", "liquidation"]) {
    await expect
      .poll(() => numberShown(page, byTestId(`contract-estimate-${id}`)), LOCAL)
      .toMatch(/\d/);
  }
  await expect.poll(() => textOf(page.getByTestId("contract-risk-warning")), LOCAL).not.toBe("");
  const figures = async (prefix: string) => ({
    margin: await numberShown(page, byTestId(`${prefix}-margin`)),
    fee: await numberShown(page, byTestId(`${prefix}-fee`)),
    liquidation: await numberShown(page, byTestId(`${prefix}-liquidation`)),
  });
  const estimate = await figures("contract-estimate");
  await page.getByTestId("contract-submit").click();
  await page.getByTestId("contract-confirm").waitFor(LOCAL);
  const shown = await figures("contract-confirm");
  // The book stands still here, so the sheet repeats the form's estimate.
  expect(shown).toEqual(estimate);
  await page.getByTestId("contract-confirm-ok").click();
  return shown;
}

/** The user's bills' types as /records shows them, sorted. */
async function recordTypes(page: Page): Promise<string[]> {
  const types = await page
    .getByTestId("bill-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-type") ?? ""));
  return types.sort();
}

describe("contract trading", () => {
  it(
    "opens a 10× long whose confirm sheet is its position, closes it into history, /records and /my; cancels a waiting limit whole; offline it renders and cannot place",
    { timeout: 240_000 },
    async () => {
      const { page, server, session, log } = e2e;
      market().setQuote(OPENING);
      await signInThroughLogin(page);
      await waitForServiceWorker(page);
      const token = await tokenOf(page);
      await demoCredit(server, token, CREDIT);
      const config = await contractConfigOf(server);
      expect(config.leverages).toContain(LEVERAGE);
      expect(config.symbols).toContain(SYMBOL);
      const rules = await symbolRulesOf(server, SYMBOL);

      // 1. A 10× long at market. The book is the exchange's: it fills at the best ask.
      await openContract(page);
      await expectFormBesideBook(page);
      expect(await textOf(page.getByTestId("contract-house-notice"))).not.toBe("");
      // 100 % is the largest quantity whose margin and fee the available USDT pays at the ask.
      await page.getByTestId("contract-direction-long").click();
      await page.getByTestId("contract-type-market").click();
      await page.getByTestId("contract-leverage").selectOption(String(LEVERAGE));
      await quantityInCoins(page);
      await page.getByTestId("contract-percent-100").click();
      const most = maxQuantity(
        usdtUnits(CREDIT),
        priceUnits(OPENING.ask),
        LEVERAGE,
        ratesOf(config),
        rules,
      );
      await expect
        .poll(
          async () => canonical(await page.getByTestId("contract-quantity").inputValue()),
          LOCAL,
        )
        .toBe(canonical(qtyString(most, rules)));
      const sheet = await orderThroughForm(page, { type: "market" });
      const opened = await onlyOrder(token, CONTRACT_STATE.position);
      expect(opened).toMatchObject({
        symbol: SYMBOL,
        direction: "long",
        leverage: LEVERAGE,
        type: 0,
        closeReason: null,
      });
      expect(canonical(opened.quantity)).toBe(QUANTITY);
      expect(opened.price).toBe(OPENING.ask);
      const figures = recomputeOpen(opened, config, rules);
      expect(opened.margin).toBe(usdtText(figures.margin));
      expect(opened.openFee).toBe(usdtText(figures.fee));
      expect(opened.liquidationPrice).toBe(priceString(figures.liquidationPrice, rules));
      // The sheet said what the position is: the same margin, fee and liquidation price.
      expect(sheet).toEqual({
        margin: usdtText(figures.margin),
        fee: usdtText(figures.fee),
        liquidation: canonical(opened.liquidationPrice),
      });
      const position = byTestId(`contract-position-${opened.id}`);
      await page.getByTestId("contract-tab-positions").click();
      await page.locator(position).waitFor(LOCAL);
      await expect
        .poll(
          () =>
            numberShown(
              page,
              byTestId("contract-position-margin", `contract-position-${opened.id}`),
            ),
          LOCAL,
        )
        .toBe(sheet.margin);
      expect(
        await numberShown(
          page,
          byTestId("contract-position-liquidation", `contract-position-${opened.id}`),
        ),
      ).toBe(sheet.liquidation);
      const frozen = await overviewOf(server, token);
      expect(usdtUnits(frozen.usdt.frozen)).toBe(figures.margin);

      // 2. The market rises; the close walks the bids: a gain, booked as 302, less two fees.
      market().setQuote(RISEN);
      await expect
        .poll(
          () =>
            textOf(
              page.locator(byTestId("contract-position-pnl", `contract-position-${opened.id}`)),
            ),
          LOCAL,
        )
        .toMatch(/\d/);
      await page
        .locator(byTestId("contract-position-close", `contract-position-${opened.id}`))
        .click();
      await page.getByTestId("contract-close-confirm").waitFor(LOCAL);
      await page.getByTestId("contract-close-ok").click();
      const closed = await onlyOrder(token, CONTRACT_STATE.completed, opened.id);
      expect(closed).toMatchObject({ closeReason: "user", closePrice: RISEN.bid, closeTick: null });
      const outcome = recomputeClose(closed, config, rules);
      expect(closed.pnl).toBe(usdtText(outcome.pnl));
      expect(closed.closeFee).toBe(usdtText(outcome.closeFee));
      expect(outcome.pnl > 0n).toBe(true);
      expect(closed.fee).toBe(usdtText(figures.fee + outcome.closeFee));
      await page.getByTestId("contract-tab-history").click();
      const historyRow = `contract-history-${closed.id}`;
      await page.getByTestId(historyRow).waitFor(LOCAL);
      await expect
        .poll(() => numberShown(page, byTestId("contract-history-pnl", historyRow)), LOCAL)
        .toBe(usdtText(outcome.pnl));
      expect(await textOf(page.locator(byTestId("contract-history-state", historyRow)))).not.toBe(
        "",
      );
      expect(await page.locator(position).count()).toBe(0);

      // Its bills: margin frozen and back, opening and closing fee, the gain.
      const bills = await contractBillsOf(server, token, closed.id);
      const amounts = bills.map((b) => [String(b.type), usdtUnits(b.amount)] as const).sort();
      expect(amounts).toEqual(
        [
          ["103", -figures.margin],
          ["104", figures.margin],
          ["301", -figures.fee],
          ["301", -outcome.closeFee],
          ["302", outcome.pnl],
        ].sort(),
      );
      await page.goto("/records");
      await page.getByTestId("screen-records").waitFor();
      await expect
        .poll(() => recordTypes(page), LOCAL)
        .toEqual(["103", "104", "106", "301", "301", "302"]);
      const gainRow = page.locator('[data-testid="bill-row"][data-type="302"]');
      expect(numbersIn(await gainRow.innerText())).toContain(usdtText(outcome.pnl));

      // /my: the income is the pnl less both fees; nothing stays frozen.
      const income = outcome.pnl - figures.fee - outcome.closeFee;
      const after = await overviewOf(server, token);
      expect(after.income.total).toBe(usdtText(income));
      expect(usdtUnits(after.usdt.frozen)).toBe(0n);
      expect(usdtUnits(after.usdt.available)).toBe(usdtUnits(CREDIT) + income);
      await page.goto("/my");
      await page.getByTestId("screen-my").waitFor();
      await expect
        .poll(() => numberShown(page, byTestId("my-income-total")), LOCAL)
        .toBe(usdtText(income));
      await expect
        .poll(() => numberShown(page, byTestId("my-usdt-available")), LOCAL)
        .toBe(usdtText(usdtUnits(CREDIT) + income));

      // 3. A long limit at half the market waits, margin and fee frozen; cancelled, all is back.
      const far = priceString(
        (priceUnits(RISEN.ask) / 2n / rules.priceStep) * rules.priceStep,
        rules,
      );
      const before = await overviewOf(server, token);
      await openContract(page);
      await orderThroughForm(page, { type: "limit", price: far });
      const waiting = await onlyOrder(token, CONTRACT_STATE.waiting);
      expect(waiting).toMatchObject({ type: 1, price: far, direction: "long", leverage: LEVERAGE });
      const held = recomputeOpen(waiting, config, rules);
      expect(waiting.margin).toBe(usdtText(held.margin));
      const holding = await overviewOf(server, token);
      expect(usdtUnits(holding.usdt.frozen)).toBe(held.margin + held.fee);
      expect(usdtUnits(holding.usdt.available)).toBe(
        usdtUnits(before.usdt.available) - held.margin - held.fee,
      );
      await page.getByTestId("contract-tab-waiting").click();
      const waitingRow = `contract-waiting-${waiting.id}`;
      await page.getByTestId(waitingRow).waitFor(LOCAL);
      await page.locator(byTestId("contract-waiting-cancel", waitingRow)).click();
      const cancelled = await onlyOrder(token, CONTRACT_STATE.completed, waiting.id);
      expect(cancelled).toMatchObject({ closeReason: "cancelled", pnl: null });
      const whole = await overviewOf(server, token);
      expect(whole.usdt.available).toBe(before.usdt.available);
      expect(whole.usdt.frozen).toBe(before.usdt.frozen);
      expect(whole.income.total).toBe(before.income.total);
      await expect.poll(() => page.getByTestId(waitingRow).count(), LOCAL).toBe(0);

      // 4. A position opened from another device reaches the screen; then offline: it and the
      // history render from IndexedDB, and placing is disabled with the reason.
      const placed = await placeContractFromNode(server, token, {
        symbol: SYMBOL,
        direction: "short",
        leverage: LEVERAGE,
        quantity: QUANTITY,
        type: 0,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const short = placed.body.Data;
      expect(short.price).toBe(RISEN.bid);
      const shortRow = `contract-position-${short.id}`;
      await page.getByTestId("contract-tab-positions").click();
      await page.getByTestId(shortRow).waitFor(LOCAL);

      await setNetwork(session.context, false);
      await page.goto("/contract").catch(() => undefined);
      await page.getByTestId("screen-contract").waitFor(LOCAL);
      await expect
        .poll(() => textOf(page.getByTestId("contract-offline-reason")), LOCAL)
        .toMatch(/offline/i);
      expect(await page.getByTestId("contract-submit").isDisabled()).toBe(true);
      await page.getByTestId("contract-tab-positions").click();
      await page.getByTestId(shortRow).waitFor(LOCAL);
      expect(await numberShown(page, byTestId("contract-position-margin", shortRow))).toBe(
        canonical(short.margin),
      );
      expect(await numberShown(page, byTestId("contract-position-liquidation", shortRow))).toBe(
        canonical(short.liquidationPrice),
      );
      await page.getByTestId("contract-tab-history").click();
      await page.getByTestId(historyRow).waitFor(LOCAL);
      expect(await numberShown(page, byTestId("contract-history-pnl", historyRow))).toBe(
        usdtText(outcome.pnl),
      );
      await page.getByTestId(`contract-history-${waiting.id}`).waitFor(LOCAL);
      await setNetwork(session.context, true);

      expect(log.pageErrors).toEqual([]);
    },
  );

  it("liquidates a long at the first recorded tick at its price and shows that tick", async () => {
    const { server } = e2e;
    market().setQuote(OPENING);
    const session = await e2e.newSession({ wallet: { privateKey: ANVIL_KEY_1 } });
    const { page } = session;
    await signInThroughLogin(page);
    const token = await tokenOf(page);
    await demoCredit(server, token, CREDIT);
    const config = await contractConfigOf(server);
    const rules = await symbolRulesOf(server, SYMBOL);
    await openContract(page);

    const placed = await placeContractFromNode(server, token, {
      symbol: SYMBOL,
      direction: "long",
      leverage: LEVERAGE,
      quantity: QUANTITY,
      type: 0,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const long = placed.body.Data;
    const liquidation = priceUnits(long.liquidationPrice);
    expect(liquidation).toBe(recomputeOpen(long, config, rules).liquidationPrice);
    await page.getByTestId("contract-tab-positions").click();
    await page.getByTestId(`contract-position-${long.id}`).waitFor(LOCAL);

    // Exchange times may trail arrival a little: read the record from a few seconds before.
    const since = new Date(Date.parse(long.time) - 5_000).toISOString();
    // A trade one step above the liquidation price is recorded first (it closes nothing), then
    // one at it: that one must be the tick that liquidates.
    const above = priceString(liquidation + rules.priceStep, rules);
    const at = priceString(liquidation, rules);
    market().trade(above);
    await expect
      .poll(async () => {
        const now = new Date().toISOString();
        const ticks = await recordedTicks(server, SYMBOL, since, now);
        return ticks.some((t) => t.price === above);
      }, fromServer)
      .toBe(true);
    market().trade(at);
    const ended = await onlyOrder(token, CONTRACT_STATE.completed, long.id);
    expect(ended).toMatchObject({
      closeReason: "liquidation",
      closePrice: at,
      pnl: `-${long.margin}`,
    });
    expect(ended.closeTick?.price).toBe(at);
    const tickSeq = ended.closeTick?.seq ?? "";
    expect(BigInt(tickSeq) > BigInt(long.openTickSeq ?? "0")).toBe(true);

    // The tick is the record's: hash-linked, and the first after the opening at or below the price.
    const ticks = await recordedTicks(server, SYMBOL, since, ended.closeTick?.ts ?? "");
    expect(firstBrokenTickLink(ticks)).toBeNull();
    const after = ticks.filter((t) => BigInt(t.seq) > BigInt(long.openTickSeq ?? "0"));
    const first = after.find(
      (t) => parseUnits(t.price, rules.priceScale) * rules.priceStep <= liquidation,
    );
    expect(first).toMatchObject({
      seq: tickSeq,
      price: at,
      ts: ended.closeTick?.ts,
      hash: ended.closeTick?.hash,
    });
    const bills = await contractBillsOf(server, token, long.id);
    expect(bills.map((b) => [String(b.type), b.amount]).sort()).toEqual(
      [
        ["103", `-${long.margin}`],
        ["104", long.margin],
        ["301", `-${long.openFee}`],
        ["303", `-${long.margin}`],
      ].sort(),
    );

    // The history names the tick.
    await page.getByTestId("contract-tab-history").click();
    const row = `contract-history-${long.id}`;
    await page.getByTestId(row).waitFor(LOCAL);
    const tick = page.locator(byTestId("contract-history-tick", row));
    await expect.poll(() => textOf(tick), LOCAL).toContain(tickSeq);
    expect(await tick.getAttribute("data-seq")).toBe(tickSeq);
    expect(await numberShown(page, byTestId("contract-history-pnl", row))).toBe(
      canonical(`-${long.margin}`),
    );
    expect(session.log.pageErrors).toEqual([]);
  });
});
