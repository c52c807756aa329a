// The app's Verify for a position a recorded tick closed (liquidation, take-profit, stop-loss):
// reads the public tick record from the position's opening tick through the tick that closed it
// and re-checks the close with the same pure code anyone can run (protocol/contract-verify.ts:
// the chain's links, that no earlier tick fired a trigger, that the named tick did, and the
// close price and pnl). Online only: the point is to check the server's public record, not what
// this device stored. Nothing is written; the answer is for the screen to show.
import type { ContractOrder } from "../../protocol/contract";
import { TICK_RETENTION_MS } from "../../protocol/market";
import { ApiError } from "../api/errors";
import { getTicks } from "../api/market-ticks";
import { checkContractClose, type ContractVerifyFailure } from "./contract-verify-rule";
import { isOnline } from "./online";

export type { ContractVerifyFailure };

export type ContractVerifyOutcome =
  | { status: "verified"; closeSeq: string; checkedLinks: number }
  /**
   * What is still recorded checks out, but ticks between opening and closing were pruned after
   * the 24 h retention, so not every tick between them could be checked.
   */
  | { status: "expired"; closeSeq: string; checkedLinks: number }
  | { status: "failed"; failures: ContractVerifyFailure[] }
  /** No connection (before or during the check). */
  | { status: "offline" }
  /** The server answered the reads with an error (its code). */
  | { status: "unavailable"; code: string };

export async function verifyContractOrder(order: ContractOrder): Promise<ContractVerifyOutcome> {
  if (!isOnline()) return { status: "offline" };
  try {
    // Quiet: the Verify result says what went wrong, next to the order.
    const report = await checkContractClose(
      order,
      { ticks: (query) => getTicks(query, { quiet: true }) },
      undefined,
      { prunedBefore: Date.now() - TICK_RETENTION_MS },
    );
    if (!report.ok) return { status: "failed", failures: report.failures };
    const { closeSeq, checkedLinks } = report;
    const status = report.pruned.length > 0 ? "expired" : "verified";
    return { status, closeSeq, checkedLinks };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "NETWORK" || error.code === "TIMEOUT") return { status: "offline" };
    return { status: "unavailable", code: error.code };
  }
}
