// GET /assets/overview: the user's balances straight from the ledger accounts.
import type { AssetsOverview } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { userBalances } from "../../db/repositories/ledger-account-repository";
import { formatAmount } from "../ledger/amounts";
import { ASSET_SCALES } from "../ledger/assets";
import { getProfile } from "../profile/get-profile";

export async function assetsOverview(db: Queryable, userId: string): Promise<AssetsOverview> {
  const profile = await getProfile(db, userId);
  const rows = await userBalances(db, userId);
  const usdt = rows.find((r) => r.asset === "USDT");
  const available = BigInt(usdt?.available ?? "0");
  const frozen = BigInt(usdt?.frozen ?? "0");
  const usdtAmount = (units: bigint) => formatAmount(units, ASSET_SCALES.USDT);
  return {
    balances: rows.map((r) => ({
      asset: r.asset,
      available: formatAmount(BigInt(r.available), r.scale),
      frozen: formatAmount(BigInt(r.frozen), r.scale),
    })),
    usdt: {
      available: usdtAmount(available),
      frozen: usdtAmount(frozen),
      // Withdrawals and trading income arrive with their own flows (issue 6's later slices);
      // until a withdrawal or a settled trade exists, these are truthfully zero.
      withdrawing: "0",
      withdrawn: "0",
    },
    income: { today: "0", yesterday: "0", total: "0" },
    creditLevel: profile.creditLevel,
    // DESIGN §6: no lending is offered.
    loan: "0",
    // USD equity counts USDT at 1:1 only; other assets join once spot trading prices them.
    equityUsd: usdtAmount(available + frozen),
  };
}
