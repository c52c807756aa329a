import Dexie, { type Table } from "dexie";
import type { IdentityView } from "../../protocol";

/**
 * The app's IndexedDB database. Versions only ever grow: a later issue adds tables by declaring
 * `version(n + 1)` with the new stores and keeps the earlier declarations, so devices that
 * already hold data upgrade in place.
 */

/** Small device settings (key/value) that are not part of the session. */
export interface SettingRow {
  key: string;
  value: unknown;
}

/** A private key this device generated (today only the demo wallet's). */
export interface KeyRow {
  /** What the key is for, e.g. "demo-wallet". */
  id: string;
  /** 0x-prefixed 32-byte hex. */
  privateKey: string;
  createdAt: string;
}

/** The signed-in user's latest identity submission (GET /profile/identity), as last synced. */
export interface IdentityRow extends IdentityView {
  /** The profile id of the user it belongs to: a shared device never shows another's. */
  userId: string;
  /** When the sync layer stored it (ISO-8601). */
  syncedAt: string;
}

export const DB_NAME = "quanta";

export class QuantaDatabase extends Dexie {
  settings!: Table<SettingRow, string>;
  keys!: Table<KeyRow, string>;
  identity!: Table<IdentityRow, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      settings: "key",
      keys: "id",
      identity: "userId",
    });
  }
}

let instance: QuantaDatabase | null = null;

/** The one database of this app (opened on first use). */
export function database(): QuantaDatabase {
  instance ??= new QuantaDatabase();
  return instance;
}

/** Closes the connection; the next `database()` opens a new one (tests, deleting local data). */
export function closeDatabase(): void {
  instance?.close();
  instance = null;
}
