// `npm run verify -- options`: every settled option of a user, re-checked from the server's
// public tick record by protocol/options-verify.ts. One line per order, then a summary.
import type { OptionsOrder } from "../../protocol/options";
import type { OptionVerifyFailure, OptionVerifyReport } from "../../protocol/options-verify";
import { checkOptionsOrder } from "../../protocol/options-verify-ticks";
import { httpTickSource, settledOptionsOrders, type ServerAccess } from "./http-source";

export interface VerifyOutput {
  line(text: string): void;
}

/** True when every settled order verifies. A read that fails counts as a failed order. */
export async function verifyOptionsOrders(
  access: ServerAccess,
  out: VerifyOutput,
  pageSize?: number,
): Promise<boolean> {
  const orders = await settledOptionsOrders(access);
  const source = httpTickSource(access);
  let verified = 0;
  for (const order of orders) {
    let report: OptionVerifyReport | { ok: false; error: string };
    try {
      report = await checkOptionsOrder(order, source, pageSize);
    } catch (err) {
      report = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    if (report.ok) verified += 1;
    out.line(`${describeOrder(order)}: ${describeReport(report)}`);
  }
  const failed = orders.length - verified;
  out.line(
    `${orders.length} settled option${orders.length === 1 ? "" : "s"}: ${verified} verified, ${failed} failed`,
  );
  return failed === 0;
}

function describeOrder(o: OptionsOrder): string {
  return `option ${o.id} ${o.symbol} ${o.direction} ${o.seconds}s ${o.number} USDT ${o.result ?? "open"} (profit ${o.profit ?? "-"})`;
}

function describeReport(report: OptionVerifyReport | { ok: false; error: string }): string {
  if (report.ok) {
    const ticks =
      report.entrySeq === null
        ? "no tick in the window"
        : `entry tick ${report.entrySeq}, exit tick ${report.exitSeq ?? "?"}`;
    return `verified (${ticks}; ${report.checkedLinks} links recomputed)`;
  }
  if ("error" in report) return `NOT VERIFIED: ${report.error}`;
  return `NOT VERIFIED: ${report.failures.map(describeFailure).join("; ")}`;
}

/** `kind key=value …`: the failure code and its parameters, exactly. */
export function describeFailure(failure: OptionVerifyFailure): string {
  const params = Object.entries(failure)
    .filter(([key]) => key !== "kind")
    .map(([key, value]) => `${key}=${value === null ? "none" : String(value)}`);
  return [failure.kind, ...params].join(" ");
}
