// GET /assets/overview: the user's balances straight from the ledger accounts, withdrawals from
// their rows, and income from the bills of settled trades (protocol INCOME_BILL_TYPES).
import { INCOME_BILL_TYPES, type AssetsOverview } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { incomeSums } from "../../db/repositories/income-repository";
import { userBalances } from "../../db/repositories/ledger-account-repository";
import { withdrawalTotals } from "../../db/repositories/withdrawal-repository";
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
  const withdrawals = await withdrawalTotals(db, userId);
  // Income days are UTC days (income-repository.ts); the app labels them so.
  const income = await incomeSums(db, { userId, asset: "USDT", types: INCOME_BILL_TYPES });
  return {
    balances: rows.map((r) => ({
      asset: r.asset,
      available: formatAmount(BigInt(r.available), r.scale),
      frozen: formatAmount(BigInt(r.frozen), r.scale),
    })),
    usdt: {
      available: usdtAmount(available),
      frozen: usdtAmount(frozen),
      // Amount + fee of withdrawals under review or sending (the part of `frozen` on its way
      // out), and the amounts sent (fees are not "withdrawn": they never reached the user).
      withdrawing: usdtAmount(BigInt(withdrawals.withdrawing)),
      withdrawn: usdtAmount(BigInt(withdrawals.withdrawn)),
    },
    // Zero until trades settle: no trading flow posts income bills yet.
    income: {
      today: usdtAmount(BigInt(income.today)),
      yesterday: usdtAmount(BigInt(income.yesterday)),
      total: usdtAmount(BigInt(income.total)),
    },
    creditLevel: profile.creditLevel,
    // DESIGN §6: no lending is offered.
    loan: "0",
    // USD equity counts USDT at 1:1 only; other assets join once spot trading prices them.
    equityUsd: usdtAmount(available + frozen),
  };
}
