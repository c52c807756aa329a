// GET /assets/overview: the user's balances straight from the ledger accounts, withdrawals from
// their rows, and income — realised gains and losses — from ../income (days in `timeZone`).
import type { AssetsOverview } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { userBalances } from "../../db/repositories/ledger-account-repository";
import { withdrawalTotals } from "../../db/repositories/withdrawal-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import { userIncome } from "../income/user-income";
import { getProfile } from "../profile/get-profile";

export async function assetsOverview(
  db: Queryable,
  userId: string,
  timeZone = "UTC",
): Promise<AssetsOverview> {
  const profile = await getProfile(db, userId);
  const rows = await userBalances(db, userId);
  const usdt = rows.find((r) => r.asset === "USDT");
  const available = BigInt(usdt?.available ?? "0");
  const frozen = BigInt(usdt?.frozen ?? "0");
  const usdtAmount = (units: bigint) => formatUnits(units, ASSET_SCALES.USDT);
  const withdrawals = await withdrawalTotals(db, userId);
  const income = await userIncome(db, userId, timeZone);
  return {
    balances: rows.map((r) => ({
      asset: r.asset,
      available: formatUnits(BigInt(r.available), r.scale),
      frozen: formatUnits(BigInt(r.frozen), r.scale),
    })),
    usdt: {
      available: usdtAmount(available),
      frozen: usdtAmount(frozen),
      // Amount + fee of withdrawals under review or sending (the part of `frozen` on its way
      // out), and the amounts sent (fees are not "withdrawn": they never reached the user).
      withdrawing: usdtAmount(BigInt(withdrawals.withdrawing)),
      withdrawn: usdtAmount(BigInt(withdrawals.withdrawn)),
    },
    income,
    creditLevel: profile.creditLevel,
    // DESIGN §6: no lending is offered.
    loan: "0",
    // USD equity counts USDT at 1:1 only: coins bought on the spot market are listed under
    // `balances` but not priced into it here.
    equityUsd: usdtAmount(available + frozen),
  };
}
