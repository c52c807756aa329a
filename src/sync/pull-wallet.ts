// The wallet facts of the account pull: GET /wallet/deposit and GET /wallet/withdraw/config. Either
// may fail — the deposit endpoint answers 503 until the dev chain runs — without failing the pull:
// the last stored answer stays (the screens show when it was read), or none is shown at all.
import { getDepositInfo, getWithdrawConfig } from "../api/wallet";
import { saveWalletInfo } from "../db/wallet-data";

export async function pullWalletFacts(userId: string): Promise<void> {
  const [deposit, config] = await Promise.allSettled([
    getDepositInfo({ quiet: true }),
    getWithdrawConfig({ quiet: true }),
  ]);
  const now = new Date().toISOString();
  await saveWalletInfo(userId, {
    ...(deposit.status === "fulfilled" ? { deposit: deposit.value, depositReadAt: now } : {}),
    ...(config.status === "fulfilled"
      ? { withdrawConfig: config.value, withdrawConfigReadAt: now }
      : {}),
  });
}
