// What `npm run admin` prints for each command's result (the CLI, and tests that read it as an
// operator would).
import type { LedgerCheckReport } from "../../protocol/ledger";
import type { AdminResult } from "./admin-commands";
import { describeArticleResult } from "./article-commands";
import { describeLinkResult } from "./link-commands";
import { describeMessageBroadcast, describeMessageSent } from "./message-command";
import { describeIdentityResult } from "./identity-commands";
import { describePromotionsResult } from "./promotions-command";
import { describeReset2faResult } from "./reset-2fa-command";
import { describeRechargeResult } from "./recharge-commands";
import { describeWithdrawalResult } from "./withdrawal-commands";

/** What the CLI prints for a result. */
export function describeResult(result: AdminResult): string {
  if (result.kind === "message-sent") return describeMessageSent(result);
  if (result.kind === "message-broadcast") return describeMessageBroadcast(result);
  if (result.kind === "ledger-check") return describeLedgerCheck(result);
  if (result.kind === "second-factor-reset") return describeReset2faResult(result);
  if (result.kind === "promotions-budget" || result.kind === "promotions-funded") {
    return describePromotionsResult(result);
  }
  if (result.kind === "identity-list" || result.kind === "identity-decided") {
    return describeIdentityResult(result);
  }
  if (result.kind === "link-list" || result.kind === "link-saved")
    return describeLinkResult(result);
  if (result.kind === "recharge-list" || result.kind === "recharge-decided") {
    return describeRechargeResult(result);
  }
  if (result.kind === "withdrawal-list" || result.kind === "withdrawal-decided") {
    return describeWithdrawalResult(result);
  }
  if (
    result.kind === "article-list" ||
    result.kind === "article-saved" ||
    result.kind === "article-deleted"
  ) {
    return describeArticleResult(result);
  }
  if (result.kind === "created-admin") {
    return [
      `Created operator "${result.username}" with role ${result.role} (user ${result.userId}).`,
      `Password (shown only now; keep it in a password manager): ${result.password}`,
      "Sign in at /admin with this username and password, then enrol an authenticator app.",
    ].join("\n");
  }
  const who = `${result.address} (user ${result.userId})`;
  if (!result.changed) return `${who} was already ${result.locked ? "locked" : "unlocked"}.`;
  return result.locked
    ? `Locked ${who}: every call with their sessions now gets 403 ACCOUNT_LOCKED.`
    : `Unlocked ${who}: their unexpired sessions work again.`;
}

/** The ledger:check report for people: one line when sound, every violation otherwise. */
export function describeLedgerCheck(report: LedgerCheckReport): string {
  const counted = `${report.transactions} transactions, ${report.accounts} accounts`;
  if (report.ok) return `Ledger OK: ${counted}; every invariant holds and the hash chain verifies.`;
  return [
    `Ledger check FAILED (${counted}): ${report.violations.length} violation(s)`,
    ...report.violations.map((v) => `  - ${v}`),
  ].join("\n");
}
