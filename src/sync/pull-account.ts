// Pulls the signed-in user's change log (GET /sync) page by page into IndexedDB, each page in one
// transaction with its cursor. A missing cursor (new device, storage evicted, database cleared)
// reads from the beginning, which rebuilds the user's data; a cursor the server rejects (400: the
// server was reset) starts over from empty. Every pull ends with GET /assets/overview: frozen,
// withdrawing and income are not bills, so the /my screen needs the server's own figures, and a
// pull is what follows every new bill (a poke, or a money command's PULL_AFTER). Then the wallet
// facts (deposit address, withdrawal terms), the spot trading terms, the quant quota and plan
// backtests, the assets summary, the weighted score and the invite page (failures tolerated). The
// on-chain wallet balance is read only while /my shows it (wallet-balance.ts): no chain reads for
// a screen nobody looks at. A page holding an entity this version does not know (a newer
// server) ends the change log there, cursor held, until the app is updated (account-data.ts).
import type { SyncPage } from "../../protocol";
import { ApiError } from "../api/errors";
import { getAssetsOverview } from "../api/assets";
import { getChanges } from "../api/sync";
import { applySyncPage, resetAccountData, saveAssetsOverview } from "../db/account-data";
import type { KnownAppliers } from "../db/change-appliers";
import { getSessionUserId } from "../db/session";
import { readCursor } from "../db/sync-state";
import { pullAssetsSummary } from "./pull-assets-summary";
import { pullInvite } from "./pull-invite";
import { pullQuantAccount } from "./pull-quant";
import { pullWeightedScore } from "./pull-score";
import { pullSpotConfig } from "./pull-spot";
import { pullWalletFacts } from "./pull-wallet";

/** A guard against a server that never says hasMore: false. */
const MAX_PAGES = 1_000;

/** `appliers`: the entities this app stores (all of them; fewer in tests of an older app). */
export async function pullAccount(userId: string, appliers?: KnownAppliers): Promise<void> {
  if (!(await pullChangeLog(userId, appliers))) return;
  // A sign-out while the last page was being stored: the calls below would go without a token
  // (each reads it as it is sent, in this same task) and come back 401.
  if (getSessionUserId() !== userId) return;
  // Side by side, after /sync has answered for the session (a lock is its 403, seen once): the
  // wallet facts, spot terms, quant quota and assets summary never fail the pull, the overview may.
  const [overview] = await Promise.all([
    getAssetsOverview({ quiet: true }),
    pullWalletFacts(userId),
    pullSpotConfig(userId),
    pullQuantAccount(userId),
    pullAssetsSummary(userId),
    pullWeightedScore(userId),
    pullInvite(userId),
  ]);
  await saveAssetsOverview(userId, overview);
}

/** The change log up to its end, or up to an entity this version does not know; false when the
 * user signed out meanwhile. */
async function pullChangeLog(userId: string, appliers?: KnownAppliers): Promise<boolean> {
  let restarted = false;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    if (getSessionUserId() !== userId) return false;
    const cursor = await readCursor(userId);
    let page: SyncPage;
    try {
      page = await getChanges(cursor, { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && cursor !== "" && !restarted) {
        restarted = true;
        await resetAccountData(userId);
        continue;
      }
      throw error;
    }
    const result = await applySyncPage(userId, cursor, page, appliers);
    if (result === "signed-out") return false;
    // Pages after it would start from the same cursor: wait for the update.
    if (result === "held") return true;
    // "stale": the cursor moved under us (database reset); read it again and go on from there.
    if (result === "applied" && !page.hasMore) return true;
  }
  throw new Error(`The change log did not end within ${MAX_PAGES} pages.`);
}
