// The ledger's side of the console's on-chain balances (issue 22): USDT credited to users from
// deposits and USDT sent out as withdrawals, from the system accounts. With nothing moved off
// the deposit address, what it holds on chain should be at least what was credited from it; a
// shortfall shows on the dashboard next to the chain's number.
import type { LedgerChainView } from "../../../protocol/admin-chain";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits } from "../../../protocol/decimal";
import type { Queryable } from "../../db/db";
import { systemBalance } from "../../db/repositories/system-balance-repository";

export async function readLedgerChainView(db: Queryable): Promise<LedgerChainView> {
  const [deposits, withdrawals] = await Promise.all([
    systemBalance(db, "deposits", "USDT"),
    systemBalance(db, "withdrawals", "USDT"),
  ]);
  return {
    // The deposits account is the other side of every credit: minus what it paid out.
    depositsCredited: formatUnits(-BigInt(deposits), USDT_SCALE),
    withdrawalsSent: formatUnits(BigInt(withdrawals), USDT_SCALE),
  };
}
