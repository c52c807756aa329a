// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import pluginLingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The dependency direction of DESIGN.md section 2, as import-x zones: a file under `target`
 * may not import anything under `from` (static or dynamic import).
 * routes -> features -> ui -> (db | sync | api | wallet | i18n) -> lib -> protocol;
 * sync -> (api, db); server/routes -> domain -> db; src and server never import each other.
 *
 * - A feature never imports another feature: what two features share lives in ui/ (components
 *   and hooks, which may read db/, call sync/ and word with i18n/), lib/ (pure helpers) or db/
 *   (queries).
 * - Routes are thin: they import features (the screens and the guards), their own `-` helpers
 *   in src/routes, protocol/ (search params naming wire enums) and @tanstack/react-router.
 * - Each heavy library has one home: Dexie in db/, ky in api/, viem and wagmi in wallet/ (sync
 *   reaches the chain through a port, src/sync/usdt-chain-port.ts). Tests may use them anywhere.
 */
const appLayers = ["db", "sync", "api", "wallet", "ui", "i18n"];
/** The layers each app layer may import besides lib/ and protocol/. */
const layerAllows = { sync: ["api", "db"], ui: ["db", "sync", "i18n"] };
/** The ports of sync/ that wallet/ implements (type imports: the adapter names its port). */
const syncPortsOfWallet = ["./usdt-chain-port.ts"];
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The operator console (src/features/admin/README.md): its three folders read through requests,
 * never IndexedDB (other users' data must not stay on an operator's device), and nothing of the
 * user app imports them, so the console never reaches the user bundle or the precache.
 */
const consoleFolders = ["./src/features/admin", "./src/sync/admin", "./src/api/admin"];
/** Every file of the app but the console's folders and its /admin routes (globs: files to come too). */
const userAppFiles = [
  "./src/*.{ts,tsx}",
  "./src/!(features|sync|api|routes)/**",
  "./src/{features,sync,api}/!(admin)",
  "./src/{features,sync,api}/!(admin)/**",
  "./src/routes/!(admin|admin.tsx)",
  "./src/routes/!(admin)/**",
];
const zone = (target, from, message, except) =>
  except === undefined ? { target, from, message } : { target, from, message, except };
const boundaryZones = [
  zone("./protocol", ["./src", "./server"], "protocol/ imports nothing from src/ or server/."),
  zone("./src", "./server", "The app never imports the server; share code through protocol/."),
  zone("./server", "./src", "The server never imports the app; share code through protocol/."),
  zone(
    "./src/lib",
    ["./src/routes", "./src/features", ...appLayers.map((l) => `./src/${l}`)],
    "src/lib is pure: it may import only protocol/.",
  ),
  ...appLayers.map((layer) => {
    const allowed = layerAllows[layer] ?? [];
    return zone(
      `./src/${layer}`,
      [
        "./src/routes",
        "./src/features",
        ...appLayers
          .filter((other) => other !== layer && !allowed.includes(other))
          // wallet's one door into sync/ is its own zone below.
          .filter((other) => !(layer === "wallet" && other === "sync"))
          .map((other) => `./src/${other}`),
      ],
      `src/${layer} may import only ${[...allowed, "lib", "protocol"].map((l) => `${l}/`).join(", ")}.`,
    );
  }),
  zone(
    "./src/wallet",
    "./src/sync",
    "src/wallet may import from sync/ only the ports it implements.",
    syncPortsOfWallet,
  ),
  zone(
    consoleFolders,
    "./src/db",
    "The console reads through requests, never IndexedDB (src/features/admin/README.md).",
  ),
  zone(
    userAppFiles,
    consoleFolders,
    "The user app never imports the operator console (src/features/admin/README.md).",
  ),
  zone("./src/features", "./src/routes", "features never import routes; routes name screens."),
  ...features.map((feature) =>
    zone(
      `./src/features/${feature}`,
      "./src/features",
      "A feature never imports another feature: move what they share to ui/, lib/ or db/.",
      [`./${feature}`],
    ),
  ),
  zone(
    "./src/routes",
    [...appLayers, "lib"].map((l) => `./src/${l}`),
    "Routes import only features (screens, guards), their own helpers and protocol/.",
  ),
  zone("./server/domain", "./server/routes", "server/domain never imports routes."),
  zone(
    ["./scripts/verify.ts", "./scripts/verify"],
    ["./src", "./server"],
    "The verifier talks HTTP only: it may import protocol/, never the server or the app.",
  ),
  zone(
    "./server/db",
    ["./server/routes", "./server/domain"],
    "server/db never imports domain or routes.",
  ),
];

/**
 * Each library's one home in the app (outside tests). Zones match the resolved file, so dynamic
 * imports count too; a package not installed (dexie-react-hooks today) resolves to nothing and
 * fails the typecheck instead.
 */
const libraryHomes = [
  { home: "db", packages: ["dexie", "dexie-react-hooks"], name: "Dexie" },
  { home: "api", packages: ["ky"], name: "ky" },
  {
    home: "wallet",
    packages: ["viem", "wagmi", "@wagmi", "@web3modal", "@walletconnect"],
    name: "viem and wagmi",
  },
];
const appEntries = readdirSync(new URL("./src", import.meta.url));
const libraryZones = libraryHomes.map(({ home, packages, name }) =>
  zone(
    appEntries.filter((entry) => entry !== home).map((entry) => `./src/${entry}`),
    packages.map((pkg) => `./node_modules/${pkg}`),
    `${name} stay${name.includes(" and ") ? "" : "s"} in src/${home}/.`,
  ),
);
/** React components never talk to the network: screens read IndexedDB and call sync commands. */
const noApiInComponents = zone(
  "./src",
  "./src/api",
  "No React component imports api/; go through sync/.",
);
const appTests = ["src/**/*.test.{ts,tsx}", "src/test-setup.ts", "src/test/**"];
const restrictedPaths = (zones) => ({ "import-x/no-restricted-paths": ["error", { zones }] });

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "coverage/**",
      "src/routeTree.gen.ts",
      "src/locales/**",
      "tests/e2e/artifacts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.*.json" })],
    },
    rules: {
      ...restrictedPaths(boundaryZones),
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "sw/**/*.ts"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.serviceworker },
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/test-setup.ts"],
    plugins: { "react-hooks": reactHooks, lingui: pluginLingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: [
            // Not user-visible: identifiers, CSS, URLs, keys and test ids.
            "^(?![A-Z][a-z]+ )[^\\s]+$",
            "^[A-Z0-9_]+$",
            // Media queries.
            "^\\(.*\\)$",
          ],
          ignoreFunctions: [
            "console.*",
            "Error",
            "new Error",
            // Developer-facing errors; what users read is translated where the error is shown.
            "*Error",
            // Route keys of the endpoint contract ("GET /spot/orders"), src/api/call.ts.
            "call",
            "callConditional",
            "localStorage.getItem",
            "localStorage.setItem",
            "localStorage.removeItem",
            "document.querySelector",
            "document.getElementById",
            "document.createElement",
            "*.addEventListener",
            "*.removeEventListener",
            "*.setAttribute",
            "*.getAttribute",
            "matchMedia",
            "window.matchMedia",
            "redirect",
            "createFileRoute",
            "createRootRoute",
            "createRootRouteWithContext",
            "useNavigate",
            "navigate",
          ],
          ignoreNames: [
            {
              regex: {
                pattern: "className|^(key|id|to|href|type|name|rel|role|target|method|mode)$",
              },
            },
            { regex: { pattern: "^(data-|aria-(?!label))" } },
            {
              regex: { pattern: "[Cc]lass|[Ss]tyle|[Kk]ey|[Ii]d$|[Uu]rl|[Pp]ath|[Mm]ode|[Tt]ype$" },
            },
          ],
        },
      ],
      "lingui/t-call-in-function": "error",
      "lingui/no-single-variables-to-translate": "error",
      "lingui/no-expression-in-message": "error",
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "HTTP lives in src/api (ky); screens read IndexedDB." },
      ],
    },
  },
  {
    // The classic script that paints the last-seen screen before the modules (index.html).
    files: ["public/paint-snapshot.js"],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "@typescript-eslint/no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  // Later blocks replace the zone list of earlier ones: each names every zone its files obey.
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: appTests,
    rules: restrictedPaths([...boundaryZones, ...libraryZones]),
  },
  {
    files: ["src/**/*.tsx"],
    ignores: appTests,
    rules: restrictedPaths([...boundaryZones, ...libraryZones, noApiInComponents]),
  },
  {
    files: ["src/**/*.test.tsx"],
    rules: restrictedPaths([...boundaryZones, noApiInComponents]),
  },
  {
    // No console on the server's paths: a console write is synchronous, per call, and invisible to
    // the operator's log level (issue 19). Requests and loops log through the app's pino logger
    // (asynchronous destination, see server/request-log.ts); only the process's own start-up and
    // the CLIs, which run before or without that logger, write to the console.
    files: ["server/**/*.ts", "protocol/**/*.ts"],
    ignores: ["server/main.ts", "server/cli/**", "**/*.test.ts"],
    rules: { "no-console": "error" },
  },
  {
    // The domain states rules, not HTTP: refusals are DomainError (plugins/ gives them a status)
    // and loops log through domain/logger.ts, so no web framework reaches it.
    files: ["server/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fastify", "@fastify/*", "fastify-*"],
              message: "The domain knows no web framework; take what it needs as a parameter.",
            },
            {
              group: ["**/plugins", "**/plugins/*"],
              message:
                "The domain throws DomainError (domain/errors.ts); plugins/ maps it to HTTP.",
            },
          ],
        },
      ],
    },
  },
);
