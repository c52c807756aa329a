// The rows of the options tables (database v8): orders as the change log (and the order
// command's answer) deliver them, and the products as the public pull stores them.
import type { OptionsOrder, OptionsProduct } from "../../protocol/options";

/** An order of the signed-in user (entity "options-order", or a POST answer). */
export interface OptionsOrderRow extends OptionsOrder {
  userId: string;
}

/** GET /options/products as last pulled: one row (key "current"). */
export interface OptionsProductsRow {
  key: "current";
  products: OptionsProduct[];
  /** When it was read (ISO-8601). */
  readAt: string;
}
