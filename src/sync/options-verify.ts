// The app's Verify for a settled option: fetches the recorded ticks around its window and the
// chain head, and re-checks the settlement with the same pure code as `npm run verify -- options`
// (protocol/options-verify.ts). Online only: the point is to check the server's public record,
// not what this device stored. Nothing is written; the answer is for the screen to show.
import type { OptionsOrder } from "../../protocol/options";
import type { OptionVerifyFailure } from "../../protocol/options-verify";
import { checkOptionsOrder } from "../../protocol/options-verify-ticks";
import { ApiError } from "../api/errors";
import { getTicks, getTicksHead } from "../api/market-ticks";
import { isOnline } from "./online";

export type OptionVerifyOutcome =
  | { status: "verified"; entrySeq: string | null; exitSeq: string | null; checkedLinks: number }
  | { status: "failed"; failures: OptionVerifyFailure[] }
  /** No connection (before or during the check). */
  | { status: "offline" }
  /** The server answered the reads with an error (its code). */
  | { status: "unavailable"; code: string };

export async function verifySettledOption(order: OptionsOrder): Promise<OptionVerifyOutcome> {
  if (!isOnline()) return { status: "offline" };
  // Quiet: the Verify result says what went wrong, next to the order.
  const quiet = { quiet: true };
  try {
    const report = await checkOptionsOrder(order, {
      ticks: (query) => getTicks(query, quiet),
      head: (symbol) => getTicksHead(symbol, quiet),
    });
    return report.ok
      ? {
          status: "verified",
          entrySeq: report.entrySeq,
          exitSeq: report.exitSeq,
          checkedLinks: report.checkedLinks,
        }
      : { status: "failed", failures: report.failures };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "NETWORK" || error.code === "TIMEOUT") return { status: "offline" };
    return { status: "unavailable", code: error.code };
  }
}
