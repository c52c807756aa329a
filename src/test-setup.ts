// IndexedDB for jsdom: the app's local store is Dexie over IndexedDB.
import "fake-indexeddb/auto";
import { provideUsdtChain } from "./sync/usdt-chain-port";

// The chain as the app wires it (features/shell/wire-app.ts).
provideUsdtChain(() => import("./wallet/usdt-chain"));
