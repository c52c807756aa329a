// @ts-check
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import pluginLingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The dependency direction of DESIGN.md section 2, as import-x zones: a file under `target`
 * may not import anything under `from`.
 * routes -> features -> (db | sync | api | wallet | ui | i18n) -> lib -> protocol; sync -> (api, db);
 * server/routes -> domain -> db; src and server never import each other.
 */
const appLayers = ["db", "sync", "api", "wallet", "ui", "i18n"];
const zone = (target, from, message) => ({ target, from, message });
const boundaryZones = [
  zone("./protocol", ["./src", "./server"], "protocol/ imports nothing from src/ or server/."),
  zone("./src", "./server", "The app never imports the server; share code through protocol/."),
  zone("./server", "./src", "The server never imports the app; share code through protocol/."),
  zone(
    "./src/lib",
    ["./src/routes", "./src/features", ...appLayers.map((l) => `./src/${l}`)],
    "src/lib is pure: it may import only protocol/.",
  ),
  ...appLayers.map((layer) =>
    zone(
      `./src/${layer}`,
      [
        "./src/routes",
        "./src/features",
        ...appLayers
          .filter((other) => other !== layer)
          .filter((other) => !(layer === "sync" && (other === "api" || other === "db")))
          .map((other) => `./src/${other}`),
      ],
      `src/${layer} may import only lib/ and protocol/ (sync may also use api/ and db/).`,
    ),
  ),
  zone("./src/features", "./src/routes", "features never import routes; routes name screens."),
  zone("./server/domain", "./server/routes", "server/domain never imports routes."),
  zone(
    "./server/db",
    ["./server/routes", "./server/domain"],
    "server/db never imports domain or routes.",
  ),
];

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
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
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
    // React components never talk to the network: screens read IndexedDB and call sync commands.
    files: ["src/**/*.tsx"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...boundaryZones,
            zone("./src", "./src/api", "No React component imports api/; go through sync/."),
          ],
        },
      ],
    },
  },
);
