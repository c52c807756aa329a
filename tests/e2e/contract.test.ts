// Contract trading end to end (issue 18), every part real but the exchange: the server reads a
// local Binance-format stream (helpers/fake-binance.ts) through its real Binance adapter, so the
// test decides the book and the prices. On /contract a 10× long at market: 100 % is protocol's
// maxQuantity, the confirm sheet's margin and liquidation price are the open position's, and both
// are protocol/contract.ts recomputed from the order's answer; closing it moves it to history with
// its pnl, /records holds its bills and /my's income is its pnl less its fees; a waiting limit
// order far from the market is cancelled and every unit comes back; offline the form is disabled
// with the reason while positions and history render from IndexedDB. Liquidation by a recorded
// tick: contract-liquidation.test.ts.
import { afterAll, describe, expect, it } from "vitest";
import { CONTRACT_STATE, maxQuantity, type ContractState } from "../../protocol/contract";
import { priceString, qtyString } from "../../protocol/spot-rules";
import { copyDist } from "./harness/dist-copy";
import { demoCredit } from "./helpers/accounts";
import {
  canonical,
  contractBillsOf,
  contractConfigOf,
  onlyContractOrder,
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
import {
  byTestId,
  expectFormBesideBook,
  numberShown,
  openContract,
  orderThroughForm,
  quantityInCoins,
  recordTypes,
} from "./helpers/contract-screen";
import { useE2EWithExchange } from "./helpers/fake-binance";
import { LOCAL, setNetwork, textOf, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { waitForAvailable } from "./helpers/order-form";
import { numbersIn } from "./helpers/options";

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
const { e2e, market } = useE2EWithExchange(OPENING, { server: { distDir: dist.dir } });

/** The user's one order in `state` (of id `id`), once there is exactly one. */
const onlyOrder = (token: string, state: ContractState, id?: string) =>
  onlyContractOrder(e2e.server, token, state, id);

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
      await openContract(page, { symbol: SYMBOL, leverage: LEVERAGE });
      await expectFormBesideBook(page);
      await waitForAvailable(page, "contract-available", CREDIT);
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
      const sheet = await orderThroughForm(page, {
        type: "market",
        leverage: LEVERAGE,
        quantity: QUANTITY,
      });
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
      await openContract(page, { symbol: SYMBOL, leverage: LEVERAGE });
      await orderThroughForm(page, {
        type: "limit",
        price: far,
        leverage: LEVERAGE,
        quantity: QUANTITY,
      });
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
});
