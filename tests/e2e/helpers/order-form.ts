// What the order forms (/options, /contract, /spots) have in common as a test drives them.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { LOCAL, textOf } from "./local-first";
import { numbersIn } from "./options";

/**
 * Waits until an order form's "Available" line (`testId`) shows `amount`: a credit made from
 * outside reaches the device by a pull, and a form checks an order against the balance the device
 * holds, so an order placed before the pull landed is refused (or a 100 % button sizes it from 0).
 */
export async function waitForAvailable(page: Page, testId: string, amount: string): Promise<void> {
  const wanted = numbersIn(amount)[0];
  await expect
    .poll(async () => numbersIn(await textOf(page.getByTestId(testId))), LOCAL)
    .toContain(wanted);
}
