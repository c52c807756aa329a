// The rise/fall products (GET /options/products, public): seconds, payout rate, stake range, fee
// rate. They are configuration and change rarely, so the public pull fetches them when missing
// or older than OPTIONS_PRODUCTS_MAX_AGE_MS; a refused or failed placement asks again at once
// (the terms may have changed). A failed read keeps the stored row and never fails the pull:
// the screen says when none was ever read.
import { getProducts } from "../api/options";
import { readOptionsProducts, saveOptionsProducts } from "../db/options-data";

/** Like the spot terms: 10 minutes. */
export const OPTIONS_PRODUCTS_MAX_AGE_MS = 10 * 60_000;

export async function pullOptionsProducts(
  options: { now?: number; force?: boolean } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const stored = await readOptionsProducts();
  const fresh =
    stored !== undefined && now - Date.parse(stored.readAt) < OPTIONS_PRODUCTS_MAX_AGE_MS;
  if (fresh && options.force !== true) return;
  let products;
  try {
    products = await getProducts({ quiet: true });
  } catch {
    return;
  }
  await saveOptionsProducts(products, new Date(now).toISOString());
}
