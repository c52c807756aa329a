// IndexedDB for jsdom: the app's local store is Dexie over IndexedDB.
import "fake-indexeddb/auto";
import { configure } from "@testing-library/react";
import { afterAll, vi } from "vitest";

// findBy… and waitFor poll until their condition holds; the limit only ends a failing wait. The
// default second was too little for a screen's live queries on a loaded 2-core machine (a screen
// test failed there that passes alone), so a failure takes longer to report, a pass no longer.
configure({ asyncUtilTimeout: 5_000 });

// Each file starts from the app's modules as loaded, never as the file before left them (a
// language chosen, a port wired, a module mocked): files share one worker and its jsdom
// (vitest.config.ts), not their module state. The modules run again; they are not transformed
// again.
vi.resetModules();

// The chain as the app wires it (features/shell/wire-app.ts), into this file's fresh modules.
const { provideUsdtChain } = await import("./sync/usdt-chain-port");
provideUsdtChain(() => import("./wallet/usdt-chain"));

// Preact runs effects after a paint: it races requestAnimationFrame against a 35 ms timer and,
// when the timer wins, calls cancelAnimationFrame. On a slow machine that timer could fire after
// the file's jsdom was torn down, where cancelAnimationFrame no longer exists: an uncaught
// ReferenceError that failed a CI run in which every test passed. Timers fire in order of their
// time, so waiting a little longer than 35 ms at the end of the file lets every such timer fire
// while jsdom is still there. (Preact's `options.requestAnimationFrame` would avoid the race, but
// the tests load Preact twice — natively and through Vite — and the hooks read the other copy's.)
const PREACT_AFTER_PAINT_TIMEOUT_MS = 35;
afterAll(() => new Promise((resolve) => setTimeout(resolve, PREACT_AFTER_PAINT_TIMEOUT_MS + 15)));
