// A system account's available balance (units, decimal string) as the sealer last brought it up
// to date (seal-ledger.ts): postings never write system accounts, so a posting not sealed yet is
// not in it. "0" for an account that does not exist.
import type { Queryable } from "../db";
import type { SystemAccount } from "./ledger-account-repository";

export async function systemBalance(
  db: Queryable,
  system: SystemAccount,
  asset: string,
): Promise<string> {
  const rows = await db.query<{ available: string }>(
    "SELECT available::text AS available FROM ledger_accounts WHERE system = $1 AND asset = $2",
    [system, asset],
  );
  return rows[0]?.available ?? "0";
}
