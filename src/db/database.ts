import Dexie, { type Table } from "dexie";
import type { KlineInterval, Lang } from "../../protocol";
import type {
  SettingRow,
  FavouriteRow,
  KeyRow,
  IdentityRow,
  ProfileRow,
  SystemSettingRow,
  LinkRow,
  ArticleRow,
  MessageRow,
  StatusRow,
  SyncStateRow,
  OutboxRow,
  BillRow,
  AssetsOverviewRow,
} from "./core-rows";
import type { CandleRow, DepthRow, TickerRow } from "./market-rows";
import type { AssetsSummaryRow, InviteRow, WeightedScoreRow } from "./account-extras-rows";
import type { ContractConfigRow, ContractOrderRow } from "./contract-rows";
import type {
  QuantBacktestRow,
  QuantCatalogueRow,
  QuantOptimisationRow,
  QuantPlanBacktestRow,
  QuantQuotaRow,
  QuantSubscriptionRow,
  QuantTradeRow,
} from "./quant-rows";
import type { OptionsOrderRow, OptionsProductsRow } from "./options-rows";
import type { SpotConfigRow, SpotOrderRow } from "./spot-rows";
import type { RechargeRow, WalletBalanceGap, WalletInfoRow, WithdrawalRow } from "./wallet-rows";

export type * from "./core-rows";
export type {
  CandleRow,
  DepthRow,
  TickerRow,
  RechargeRow,
  SpotConfigRow,
  SpotOrderRow,
  WalletBalanceGap,
  WalletInfoRow,
  WithdrawalRow,
};

export const DB_NAME = "quanta";

/**
 * The app's IndexedDB database. Versions only ever grow: a later issue adds tables by declaring
 * `version(n + 1)` with the new stores and keeps the earlier declarations, so devices that
 * already hold data upgrade in place. A new change-log
 * entity needs no upgrade that forgets the cursors: an app that meets an entity it does not know
 * holds its cursor before it (account-data.ts), so the updated app reads it from there. The
 * resets of v4–v6 stay for databases of app versions that skipped such entities instead.
 */
export class QuantaDatabase extends Dexie {
  settings!: Table<SettingRow, string>;
  favourites!: Table<FavouriteRow, string>;
  keys!: Table<KeyRow, string>;
  identity!: Table<IdentityRow, string>;
  profile!: Table<ProfileRow, string>;
  systemSettings!: Table<SystemSettingRow, [Lang, string]>;
  links!: Table<LinkRow, [Lang, string]>;
  articles!: Table<ArticleRow, [Lang, string]>;
  messages!: Table<MessageRow, string>;
  status!: Table<StatusRow, string>;
  syncState!: Table<SyncStateRow, string>;
  outbox!: Table<OutboxRow, string>;
  tickers!: Table<TickerRow, string>;
  candles!: Table<CandleRow, [string, KlineInterval, string]>;
  depth!: Table<DepthRow, string>;
  bills!: Table<BillRow, string>;
  assetsOverview!: Table<AssetsOverviewRow, string>;
  recharges!: Table<RechargeRow, string>;
  withdrawals!: Table<WithdrawalRow, string>;
  walletInfo!: Table<WalletInfoRow, string>;
  spotOrders!: Table<SpotOrderRow, string>;
  spotConfig!: Table<SpotConfigRow, string>;
  optionsOrders!: Table<OptionsOrderRow, string>;
  optionsProducts!: Table<OptionsProductsRow, string>;
  contractOrders!: Table<ContractOrderRow, string>;
  contractConfig!: Table<ContractConfigRow, string>;
  quantSubscriptions!: Table<QuantSubscriptionRow, string>;
  quantBacktests!: Table<QuantBacktestRow, string>;
  quantOptimisations!: Table<QuantOptimisationRow, string>;
  quantCatalogue!: Table<QuantCatalogueRow, string>;
  quantQuota!: Table<QuantQuotaRow, string>;
  quantTrades!: Table<QuantTradeRow, string>;
  quantPlanBacktests!: Table<QuantPlanBacktestRow, string>;
  weightedScores!: Table<WeightedScoreRow, string>;
  assetsSummaries!: Table<AssetsSummaryRow, string>;
  invites!: Table<InviteRow, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      settings: "key",
      keys: "id",
      identity: "userId",
    });
    // Dexie index specs, not user-visible text.
    /* eslint-disable lingui/no-unlocalized-strings */
    this.version(2).stores({
      profile: "id",
      systemSettings: "[lang+alias]",
      links: "[lang+id], [lang+alias]",
      articles: "[lang+id], [lang+publishedAt], [lang+category+publishedAt]",
      messages: "id, [userId+createdAt]",
      status: "key",
      syncState: "key",
      outbox: "id, state, [userId+createdAt]",
    });
    // Market data, written by src/sync/feeds in batches.
    this.version(3).stores({
      tickers: "symbol",
      candles: "[symbol+interval+openTime]",
      depth: "symbol",
    });
    // The ledger: bills from the change log, the assets overview from its GET.
    this.version(4)
      .stores({
        bills: "id, [userId+createdAt], [userId+type+createdAt], [userId+asset+createdAt]",
        assetsOverview: "userId",
      })
      .upgrade(async (tx) => {
        // Earlier versions skipped "bill" entries of the change log while moving the cursor on:
        // forget the cursors (not the data) so the next pull reads the log again from the start.
        await tx.table("syncState").where("key").startsWith("cursor:").delete();
      });
    // Money in and out: recharges and withdrawals from the change log, and the wallet
    // facts (deposit address, withdrawal terms, on-chain balance) the account pull stores.
    this.version(5)
      .stores({
        recharges: "id, [userId+createdAt]",
        withdrawals: "id, [userId+createdAt]",
        walletInfo: "userId",
      })
      .upgrade(async (tx) => {
        // As in v4: "recharge" and "withdrawal" entries were skipped until now; read the log again.
        await tx.table("syncState").where("key").startsWith("cursor:").delete();
      });
    // Spot trading: orders from the change log (and the order commands' answers), by
    // status for the open list, by symbol for "this market only"; the trading terms per user.
    this.version(6)
      .stores({
        spotOrders: "id, [userId+createdAt], [userId+status+createdAt], [userId+symbol+createdAt]",
        spotConfig: "userId",
      })
      .upgrade(async (tx) => {
        // As in v4: "spot-order" entries were skipped until now; read the log again.
        await tx.table("syncState").where("key").startsWith("cursor:").delete();
      });
    // Favourite markets, per device: the trading screens' pair bar.
    this.version(7).stores({ favourites: "symbol" });
    // Rise/fall options: orders from the change log (and the order command's answer), newest
    // first per user and the open one by result; the products as last pulled (public).
    this.version(8).stores({
      optionsOrders: "id, [userId+time]",
      optionsProducts: "key",
    });
    // Contract trading: orders from the change log (and the commands' answers), newest first
    // per user and by state (waiting, positions, history); the terms as last pulled (public).
    this.version(9).stores({
      contractOrders: "id, [userId+time], [userId+state+time]",
      contractConfig: "key",
    });
    // AI quant plans: the user's plans (subscriptions) newest first and by status, backtests and
    // optimisations newest first, from the change log; the plan catalogue as last pulled (public).
    this.version(10).stores({
      quantSubscriptions: "id, userId, [userId+startedAt], [userId+status+startedAt]",
      quantBacktests: "id, userId, [userId+createdAt]",
      quantOptimisations: "id, userId, [userId+createdAt]",
      quantCatalogue: "key",
      // What /intelligent shows that the change log does not carry: the quota (GET
      // /quant/quota), a plan's trades (GET .../trades) and the plans' recorded backtests.
      quantQuota: "userId",
      quantTrades: "id, userId, [subscriptionId+time]",
      quantPlanBacktests: "id",
    });
    // /my's score, summary and /invite, as their GETs answer for the signed-in user.
    this.version(11).stores({
      weightedScores: "userId",
      assetsSummaries: "userId",
      invites: "userId",
    });
    /* eslint-enable lingui/no-unlocalized-strings */
  }
}

let instance: QuantaDatabase | null = null;

type ResetListener = () => void;
const resetListeners = new Set<ResetListener>();
/** This page opened the database before: an empty one now means its data went away. */
let openedBefore = false;
/** A delete was already announced; the empty database it leaves is not news. */
let deleteAnnounced = false;

/**
 * Called when the device's data went away under an open app: another connection deletes the
 * database (another tab's "clear local data", the browser clearing site data), or this page
 * finds it created anew after having opened it before ("clear local data" here, storage evicted
 * — Safari does that to idle sites). The sync layer rebuilds it from the server. A first start
 * is not a reset: the engine's start pull fills the new database anyway.
 */
export function onDatabaseReset(listener: ResetListener): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

function notifyReset(): void {
  // Deferred: "populate" runs inside the upgrade transaction, which listeners must not use.
  setTimeout(() => {
    for (const listener of resetListeners) listener();
  }, 0);
}

/** The one database of this app (opened on first use). */
export function database(): QuantaDatabase {
  if (instance === null) {
    const db = new QuantaDatabase();
    db.on("ready", () => {
      openedBefore = true;
    });
    db.on("populate", () => {
      if (openedBefore && !deleteAnnounced) notifyReset();
      deleteAnnounced = false;
    });
    // Dexie closes this connection so the delete can proceed, and reopens (empty) on next use.
    db.on("versionchange", (event) => {
      if (event.newVersion) return;
      deleteAnnounced = true;
      notifyReset();
    });
    instance = db;
  }
  return instance;
}

/** Closes the connection; the next `database()` opens a new one (tests, deleting local data). */
export function closeDatabase(): void {
  instance?.close();
  instance = null;
}

/**
 * Closes the connection and forgets that this page ever opened it, as a reload does: the next
 * database found empty is a first start, not a reset. For tests that model a new page or device
 * in a process that ran others before (server tests share their worker's modules).
 */
export function closeDatabaseAsReload(): void {
  closeDatabase();
  openedBefore = false;
  deleteAnnounced = false;
}
