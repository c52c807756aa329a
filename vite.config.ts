import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import packageJson from "./package.json" with { type: "json" };
import { manifest } from "./pwa-manifest";

const apiTarget = process.env.QUANTA_API ?? "http://127.0.0.1:8080";

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  plugins: [
    // The router plugin must run first: it splits every route file into lazy chunks.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    // Lingui macros are Babel-only; run them before React's transform sees the JSX.
    babel({
      plugins: ["@lingui/babel-plugin-lingui-macro"],
      include: /[/\\]src[/\\].*\.[jt]sx?$/,
    }),
    react(),
    lingui(),
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
        globIgnores: ["**/wallet-*.js", "**/*.wasm", "**/logo-maskable.svg"],
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
        codeSplitting: {
          groups: [
            {
              // Wallet libraries (~430 KB gzip once sign-in lands) get their own `wallet-*`
              // chunks: only /login loads them, and the service worker never precaches them.
              name: "wallet",
              test: /([\\/]node_modules[\\/](viem|ox|abitype|@noble|@scure|@adraffy|wagmi|@wagmi|@web3modal|@walletconnect|@reown)[\\/])|([\\/]src[\\/]wallet[\\/])/,
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
