// IndexedDB for jsdom: the app's local store is Dexie over IndexedDB.
import "fake-indexeddb/auto";
