// The /contract screen driven as a person would, by the test ids of the brief: open it once it
// can place orders, fill the order form and confirm, and read the numbers it shows. Amounts are
// read as canonical decimals (numbersIn), so "54,300.45 USDT" compares with "54300.45".
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { LOCAL, textOf } from "./local-first";
import { numbersIn } from "./options";

/** What the confirm sheet (or the form's estimate) shows, canonical. */
export interface ShownFigures {
  margin: string;
  fee: string;
  liquidation: string;
}

/** The first number an element shows, canonical ("54,300.45 USDT" -> "54300.45"); "" if none. */
export async function numberShown(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector);
  if ((await locator.count()) === 0) return "";
  const text = (await locator.first().innerText()).replace(/\s+/g, " ").trim();
  return numbersIn(text)[0] ?? "";
}

/** `[data-testid="<id>"]`, optionally inside another test id's element. */
export function byTestId(id: string, within?: string): string {
  const own = `[data-testid="${id}"]`;
  return within === undefined ? own : `[data-testid="${within}"] ${own}`;
}

/** Opens /contract once orders can be placed there (terms synced, a fresh price, online). */
export async function openContract(
  page: Page,
  o: { symbol: string; leverage: number },
): Promise<void> {
  await page.goto("/contract");
  await page.getByTestId("screen-contract").waitFor();
  expect(await page.getByTestId("price-header").getAttribute("data-symbol")).toBe(o.symbol);
  await expect.poll(() => page.getByTestId("contract-offline-reason").count(), LOCAL).toBe(0);
  await page
    .getByTestId("contract-leverage")
    .locator(`option[value="${o.leverage}"]`)
    .waitFor({
      state: "attached",
      ...LOCAL,
    });
}

/**
 * At 390×844 the form shares the first screen with the order book: every control of the form
 * lies in the form's column, none under the book, where a tap would land on the book instead.
 */
export async function expectFormBesideBook(page: Page): Promise<void> {
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
export async function quantityInCoins(page: Page): Promise<void> {
  const toggle = page.getByTestId("contract-quantity-unit");
  for (let i = 0; i < 2; i += 1) {
    const unit = (await toggle.getAttribute("data-unit")) ?? (await textOf(toggle));
    if (/btc|coin|base/i.test(unit) && !/usdt/i.test(unit)) return;
    await toggle.click();
  }
  throw new Error("the quantity unit never became the coin");
}

/** Fills the order form; answers what the confirm sheet shows once it is open. */
export async function orderThroughForm(
  page: Page,
  order: { type: "market" | "limit"; price?: string; leverage: number; quantity: string },
): Promise<ShownFigures> {
  await page.getByTestId("contract-direction-long").click();
  await page.getByTestId(`contract-type-${order.type}`).click();
  await page.getByTestId("contract-leverage").selectOption(String(order.leverage));
  if (order.price !== undefined) await page.getByTestId("contract-price").fill(order.price);
  await quantityInCoins(page);
  await page.getByTestId("contract-quantity").fill(order.quantity);
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
export async function recordTypes(page: Page): Promise<string[]> {
  const types = await page
    .getByTestId("bill-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-type") ?? ""));
  return types.sort();
}
