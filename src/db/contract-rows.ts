// The rows of the contract tables (database v9): orders as the change log (and the order
// commands' answers) deliver them, and the trading terms as the public pull stores them.
import type { ContractConfig, ContractOrder } from "../../protocol/contract";

/** An order of the signed-in user (entity "contract-order", or a command's answer). */
export interface ContractOrderRow extends ContractOrder {
  userId: string;
}

/** GET /contract/config as last pulled: one row (key "current"). */
export interface ContractConfigRow {
  key: "current";
  config: ContractConfig;
  /** When it was read (ISO-8601). */
  readAt: string;
}
