// The wallet facts of the account pull: GET /wallet/deposit and GET /wallet/withdraw/config. They
// change rarely (a redeploy, a new fee), so they are fetched when missing or older than
// WALLET_FACTS_MAX_AGE_MS, not on every pull: pulls come with every poke, focus and visibility
// change, and the server's per-address request budget is shared with everything else. Either may
// fail — the deposit endpoint answers 503 until the dev chain runs — without failing the pull: the
// last stored answer stays (the screens show when it was read), or none is shown at all.
import { getDepositInfo, getWithdrawConfig } from "../api/wallet";
import { readWalletInfo, saveWalletInfo } from "../db/wallet-data";
import { getSessionUserId } from "../db/session";

/** How long a stored answer is used before it is asked for again. */
export const WALLET_FACTS_MAX_AGE_MS = 10 * 60 * 1000;

function fresh(readAt: string | null, now: number): boolean {
  return readAt !== null && now - Date.parse(readAt) < WALLET_FACTS_MAX_AGE_MS;
}

export async function pullWalletFacts(userId: string, now = Date.now()): Promise<void> {
  const stored = await readWalletInfo(userId);
  const needDeposit = !(stored?.deposit && fresh(stored.depositReadAt, now));
  const needConfig = !(stored?.withdrawConfig && fresh(stored.withdrawConfigReadAt, now));
  if (!needDeposit && !needConfig) return;
  // Signed out while the device was read: no request without a token.
  if (getSessionUserId() !== userId) return;
  const [deposit, config] = await Promise.all([
    needDeposit ? answerOrNull(getDepositInfo({ quiet: true })) : null,
    needConfig ? answerOrNull(getWithdrawConfig({ quiet: true })) : null,
  ]);
  const readAt = new Date(now).toISOString();
  await saveWalletInfo(userId, {
    ...(deposit === null ? {} : { deposit, depositReadAt: readAt }),
    ...(config === null ? {} : { withdrawConfig: config, withdrawConfigReadAt: readAt }),
  });
}

/** A failed read keeps what is stored: null, never an error for the pull. */
function answerOrNull<T>(request: Promise<T>): Promise<T | null> {
  return request.catch(() => null);
}
