import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import packageJson from "./package.json" with { type: "json" };
import { orderHead } from "./src/features/shell/head-order";
import { manifest } from "./pwa-manifest";

const apiTarget = process.env.QUANTA_API ?? "http://127.0.0.1:8080";

/**
 * Sign-in code: viem, wagmi and src/wallet (with usdt-chain.ts, viem's on-chain reads for /my and
 * /recharge, so that its chunk is named `wallet-*` too): offline it fails to load as a
 * whole, its callers handle that, and the app's load-error screen ignores `wallet-*` chunks
 * (src/features/shell/load-errors.ts) instead of replacing the screen that asked for it.
 */
const WALLET_MODULES =
  /([\\/]node_modules[\\/](viem|ox|abitype|@noble|@scure|@adraffy|wagmi|@wagmi|mipd|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/])|([\\/]src[\\/]wallet[\\/])/;
/** WalletConnect and its modal, only for builds with VITE_WC_PROJECT_ID. */
const WALLETCONNECT_MODULES =
  /[\\/]node_modules[\\/](@web3modal|@walletconnect|@reown|@phosphor-icons|@lit|@lit-labs|lit|lit-html|lit-element)[\\/]/;
const isWalletModule = (id: string) => WALLET_MODULES.test(id) || WALLETCONNECT_MODULES.test(id);

/**
 * The operator console (src/features/admin/README.md): its screens, session and transport, and its
 * /admin routes' split parts (their route records stay in the route tree). Its chunks are named `admin-*`; the service worker never precaches them
 * and the budget check fails a build whose entry imports one (scripts/lib/budgets.ts).
 */
const ADMIN_MODULES =
  /[\\/]src[\\/]((features|sync|api)[\\/]admin[\\/]|routes[\\/]admin(\.tsx|[\\/][^?]*)\?tsr-split)/;

/**
 * React's API, rendered by Preact (DESIGN §8, entry budget): react-dom alone is ~60 KB gzip of
 * the entry, preact/compat ~11 KB. Source, libraries (TanStack Router, Lingui, lucide, wagmi) and
 * tests keep importing `react`; these aliases resolve every such import, in the build, the dev
 * server and vitest (which extends this config), to one Preact. The app uses React 18's API only
 * (no `use`, actions or ref-as-prop; TanStack Router falls back without `use`), which is what
 * preact/compat implements. @types/react still types the source.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];

/**
 * The dev server reloads the page when app code changes: React's plugin still compiles (its Babel
 * pass runs the Lingui macros) and accepts components as Fast Refresh boundaries, but Fast Refresh
 * swaps React's components, not Preact's, so a hot update would leave the old screen up.
 */
const reloadOnAppChange: Plugin = {
  name: "quanta:reload-on-app-change",
  apply: "serve",
  handleHotUpdate({ file, server }) {
    if (!/[\\/]src[\\/].*\.[jt]sx?$/.test(file)) return;
    server.ws.send({ type: "full-reload" });
    return [];
  },
};

/** The built page's head: the painter and the stylesheets before the modules (head-order.ts). */
const headOrder: Plugin = {
  name: "quanta:head-order",
  apply: "build",
  transformIndexHtml: { order: "post", handler: orderHead },
};

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  resolve: { alias: PREACT_ALIASES },
  plugins: [
    // The router plugin must run first: it splits every route file into lazy chunks.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // Lingui macros are Babel-only: React's plugin runs them (its v5 Babel pass; v6 needs a
    // separate @rolldown/plugin-babel that requires Node 22, and we run on Node 20).
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    lingui(),
    reloadOnAppChange,
    headOrder,
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest,
      // globPatterns already cover public/; listing icons again would duplicate precache entries.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // The wallet libraries are only for /login, online; keep them out of the precache.
        // Nor the operator console: operators work online, and users never need its code.
        globIgnores: [
          "**/wallet-*.js",
          "**/admin-*.js",
          "**/admin-*.css",
          "**/*.wasm",
          "**/logo-maskable.svg",
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: "es2022",
    sourcemap: true,
    // The budget check (scripts/check-budgets.ts) reads the manifest to tell entry from routes.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Lazy parts of the wallet libraries (WalletConnect's views and icons, viem's optional
        // curves) become tiny facade chunks that only re-export from a wallet chunk; name them
        // `wallet-*` too, so the precache (and the budget check) treat them as wallet code.
        chunkFileNames: (chunk) => {
          const ids = chunk.moduleIds.length > 0 ? chunk.moduleIds : [chunk.facadeModuleId ?? ""];
          // The wallet groups below take every wallet module, so a chunk holding any is one of
          // them (bundler helpers may join it: `every` named the 570 KB group chunk `app-` and the
          // service worker precached it), and a facade of wallet modules only is wallet code too.
          if (ids.some(isWalletModule)) return "assets/wallet-[name]-[hash].js";
          // Console code, by its modules too: a user chunk never holds them (lint zones).
          if (ids.some((id) => ADMIN_MODULES.test(id))) return "assets/admin-[name]-[hash].js";
          // App code named after a wallet-something module (src/sync/wallet-commands.ts,
          // src/features/wallet) must not look like wallet code: it is precached, as the screens
          // need it offline. Wallet code is told by its modules above, never by its name.
          const appNamedWallet = chunk.name.startsWith("wallet") || chunk.name.startsWith("admin");
          return appNamedWallet ? "assets/app-[name]-[hash].js" : "assets/[name]-[hash].js";
        },
        codeSplitting: {
          groups: [
            {
              // Vite's preload helper is shared by the entry (lazy routes) and by wallet code
              // (WalletConnect's lazy parts); captured by a wallet group below it would make the
              // entry import a wallet chunk. Its own tiny chunk, first.
              name: "preload-helper",
              test: /vite[\\/]preload-helper/,
              priority: 30,
            },
            {
              // Sign-in: viem, wagmi and src/wallet (~100 KB gzip) in `wallet-*` chunks: only
              // /login loads them, and the service worker never precaches them.
              name: "wallet",
              test: WALLET_MODULES,
              priority: 20,
            },
            {
              // WalletConnect and its modal (~800 KB gzip): fetched only when a build with a
              // project id opens it, so the plain sign-in never pays for it. Also `wallet-*`.
              name: "wallet-connect",
              test: WALLETCONNECT_MODULES,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/health": apiTarget,
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
});
