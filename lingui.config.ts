import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de", "es", "fr", "it", "jp", "ko", "pt", "tc", "th", "vi"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "**/*.test.ts", "**/*.test.tsx"],
    },
  ],
  // Origins without line numbers keep the catalogs stable when code moves.
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
