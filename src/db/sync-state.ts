// What the sync layer remembers between runs (the `syncState` table): the sync phase, the content
// language, change-log cursors per user, ETags and freshness per dataset, and whether persistent
// storage was asked for. Screens read phase and freshness through the hooks at the bottom.
import { useMemo, useSyncExternalStore } from "react";
import { isLang, SYNC_ENTITIES, type Lang, type SystemSettings } from "../../protocol";
import { database } from "./database";
import { liveStore, useLiveStore } from "./live-store";
import { getSessionUserId, subscribeSession } from "./session";

/** Like Dexie Cloud's syncState: what the sync layer is doing, as the leading tab last wrote it. */
export const SYNC_PHASES = [
  "initial",
  "pulling",
  "pushing",
  "in-sync",
  "offline",
  "error",
] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

/** Public datasets pulled with ETags. `status` is the same in every language. */
export const PUBLIC_DATASETS = ["settings", "links", "articles", "status"] as const;
export type PublicDataset = (typeof PUBLIC_DATASETS)[number];

/** Market datasets whose freshness the feeds record (the same in every language). */
export type MarketDataset = "tickers";

/** What a screen can ask the freshness of. */
export type FreshnessKey = PublicDataset | MarketDataset | "account";

/** The operator facts of GET /system/system that are not per-language content. */
export type SystemFacts = Pick<SystemSettings, "domain" | "country" | "mode">;

export interface PersistAnswer {
  granted: boolean;
  askedAt: string;
}

/** Row keys. Per-language datasets carry the language; `account` and cursors carry the user. */
export const SYNC_KEYS = {
  phase: "phase",
  contentLang: "content-lang",
  syncedOnce: "synced-once",
  persist: "storage-persist",
  systemFacts: "system-facts",
  cursor: (userId: string) => `cursor:${userId}`,
  /** The change-log entity a pull stopped at because this version does not know it. */
  unknownEntity: "unknown-entity",
  accountFreshness: (userId: string) => `fresh:account:${userId}`,
  /** When the feed last delivered the dataset (a frame or GET /market/tickers). */
  marketFreshness: (dataset: MarketDataset) => `fresh:${dataset}`,
  freshness: (dataset: PublicDataset, lang: Lang) => `fresh:${dataset}:${scopeOf(dataset, lang)}`,
  /** The ETag (or, for articles, the page tags) the dataset's stored copy answers to. */
  tag: (dataset: PublicDataset, lang: Lang) => `tag:${dataset}:${scopeOf(dataset, lang)}`,
} as const;

function scopeOf(dataset: PublicDataset, lang: Lang): string {
  return dataset === "status" ? "all" : lang;
}

export async function readSyncValue(key: string): Promise<unknown> {
  return (await database().syncState.get(key))?.value;
}

export async function writeSyncValue(key: string, value: unknown): Promise<void> {
  await database().syncState.put({ key, value, updatedAt: new Date().toISOString() });
}

export async function readPhase(): Promise<SyncPhase | null> {
  const value = await readSyncValue(SYNC_KEYS.phase);
  return (SYNC_PHASES as readonly unknown[]).includes(value) ? (value as SyncPhase) : null;
}

export function writePhase(phase: SyncPhase): Promise<void> {
  return writeSyncValue(SYNC_KEYS.phase, phase);
}

export async function readContentLang(): Promise<Lang | null> {
  const value = await readSyncValue(SYNC_KEYS.contentLang);
  return isLang(value) ? value : null;
}

export function writeContentLang(lang: Lang): Promise<void> {
  return writeSyncValue(SYNC_KEYS.contentLang, lang);
}

/** The user's change-log cursor; "" when this device holds none (start from the beginning). */
export async function readCursor(userId: string): Promise<string> {
  const value = await readSyncValue(SYNC_KEYS.cursor(userId));
  return typeof value === "string" ? value : "";
}

/** Whether this database ever finished a pull; a fresh or evicted one shows "initial". */
export async function hasSyncedOnce(): Promise<boolean> {
  return (await readSyncValue(SYNC_KEYS.syncedOnce)) === true;
}

export function markSyncedOnce(): Promise<void> {
  return writeSyncValue(SYNC_KEYS.syncedOnce, true);
}

export async function readPersistAnswer(): Promise<PersistAnswer | null> {
  const value = await readSyncValue(SYNC_KEYS.persist);
  return typeof value === "object" && value !== null && "granted" in value
    ? (value as PersistAnswer)
    : null;
}

export function writePersistAnswer(granted: boolean): Promise<void> {
  return writeSyncValue(SYNC_KEYS.persist, { granted, askedAt: new Date().toISOString() });
}

// ---- This tab's content language (tabs may differ; the stored one is the last choice) ----

type Listener = () => void;
const tabLangListeners = new Set<Listener>();
let tabLang: Lang | null = null;

export function setTabContentLang(lang: Lang): void {
  if (lang === tabLang) return;
  tabLang = lang;
  for (const listener of tabLangListeners) listener();
}

export function getTabContentLang(): Lang | null {
  return tabLang;
}

function subscribeTabLang(listener: Listener): () => void {
  tabLangListeners.add(listener);
  return () => tabLangListeners.delete(listener);
}

// ---- Hooks for screens ----

/** The sync phase the leading tab last wrote; "initial" until one did. */
export function useSyncPhase(): SyncPhase {
  const store = useMemo(() => liveStore(readPhase), []);
  const result = useLiveStore(store);
  return result.status === "ready" ? (result.value ?? "initial") : "initial";
}

/**
 * When the dataset was last confirmed current with the server (ISO-8601; a 304 counts), in this
 * tab's content language (account data: the signed-in user's); null when never.
 */
export function useFreshness(key: FreshnessKey): string | null {
  const userId = useSyncExternalStore(subscribeSession, getSessionUserId);
  const lang = useSyncExternalStore(subscribeTabLang, getTabContentLang);
  const store = useMemo(
    () =>
      liveStore(async () => {
        let rowKey: string;
        if (key === "account") {
          if (userId === null) return null;
          rowKey = SYNC_KEYS.accountFreshness(userId);
        } else if (key === "tickers") {
          rowKey = SYNC_KEYS.marketFreshness(key);
        } else {
          rowKey = SYNC_KEYS.freshness(key, lang ?? (await readContentLang()) ?? "en");
        }
        const value = await readSyncValue(rowKey);
        return typeof value === "string" ? value : null;
      }),
    [key, lang, userId],
  );
  const result = useLiveStore(store);
  return result.status === "ready" ? result.value : null;
}

/** Domain, country and mode from GET /system/system; null until first pulled. */
export function useSystemFacts(): SystemFacts | null {
  const store = useMemo(
    () =>
      liveStore(async () => {
        const value = await readSyncValue(SYNC_KEYS.systemFacts);
        return typeof value === "object" && value !== null ? (value as SystemFacts) : null;
      }),
    [],
  );
  const result = useLiveStore(store);
  return result.status === "ready" ? result.value : null;
}

/**
 * Whether a pull met a change-log entity this version of the app does not know (the server is
 * newer): the account stops syncing there until the app is updated. An entity this version knows
 * does not count, so an updated app stops saying so before its first pull.
 */
export function useAppOutdated(): boolean {
  const store = useMemo(
    () =>
      liveStore(async () => {
        const entity = await readSyncValue(SYNC_KEYS.unknownEntity);
        return typeof entity === "string" && !(SYNC_ENTITIES as readonly string[]).includes(entity);
      }),
    [],
  );
  const result = useLiveStore(store);
  return result.status === "ready" && result.value;
}
