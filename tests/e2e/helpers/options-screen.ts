// The /options screen driven as a person would: open it once it can buy, read what its form and
// history items say (laid out, as a person reads them), and check a settled order's history item.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { OptionResult, OptionsOrder } from "../../../protocol/options";
import { LOCAL } from "./local-first";
import { numbersIn } from "./options";

/** What the result line says for each result, in English. */
const RESULT_WORDS: Record<OptionResult, RegExp> = {
  win: /\bw(in|on)\b/i,
  lose: /\b(lose|lost|loss)\b/i,
  tie: /\b(tie|draw)\b/i,
  void: /\bvoid(ed)?\b/i,
};

/** The text as laid out (blocks apart, unlike textContent), on one line; "" while absent. */
export const flat = async (locator: Locator) =>
  (await locator.count()) === 0
    ? ""
    : (await locator.first().innerText()).replace(/\s+/g, " ").trim();

/** Opens /options once buying is possible there (terms synced, a fresh price, online). */
export async function openOptions(page: Page, seconds: number): Promise<void> {
  await page.goto("/options");
  await page.getByTestId("screen-options").waitFor();
  await page.getByTestId(`options-product-${seconds}`).click();
  await expect.poll(() => page.getByTestId("options-up").isEnabled(), LOCAL).toBe(true);
}

/**
 * While an option is open the form offers no buying and says why: the seed's sentence, exactly
 * (in the page's language).
 */
export async function expectBlockedByOpenOrder(page: Page, sentence: string): Promise<void> {
  await expect.poll(() => flat(page.getByTestId("options-disabled-reason")), LOCAL).toBe(sentence);
  expect(await page.getByTestId("options-up").isDisabled()).toBe(true);
  expect(await page.getByTestId("options-down").isDisabled()).toBe(true);
}

/** A history item of the order. */
export function historyItem(page: Page, orderId: string): Locator {
  return page.locator(`[data-testid="options-history-item"][data-order-id="${orderId}"]`);
}

/** The settled order's history item: its result word, its profit and its entry and exit ticks. */
export async function checkHistoryItem(
  page: Page,
  order: OptionsOrder,
  result: OptionResult,
  profit: string,
): Promise<void> {
  const item = historyItem(page, order.id);
  await item.waitFor(LOCAL);
  expect(await item.getAttribute("data-result")).toBe(result);
  const resultLine = item.getByTestId("options-result");
  await expect.poll(() => flat(resultLine), LOCAL).toMatch(RESULT_WORDS[result]);
  const said = await flat(resultLine);
  for (const other of Object.keys(RESULT_WORDS) as OptionResult[]) {
    if (other !== result)
      expect(said, `result line says ${other}`).not.toMatch(RESULT_WORDS[other]);
  }
  expect(numbersIn(await flat(item)), "the profit shown").toContain(profit);
  expect(await flat(item.getByTestId("options-entry-tick"))).toContain(order.entryTick?.seq);
  expect(await flat(item.getByTestId("options-exit-tick"))).toContain(order.exitTick?.seq);
}
