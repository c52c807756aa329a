import type { ManifestOptions } from "vite-plugin-pwa";

/** Must equal `<meta name="theme-color">` in index.html; scripts/render-icons.ts checks it. */
export const themeColor = "#0b1020";

/**
 * The web app manifest. Icons come from scripts/render-icons.ts. "any" and "maskable" stay
 * separate entries: one image marked "any maskable" is either cropped as a plain icon or padded
 * badly as a maskable one.
 */
export const manifest: Partial<ManifestOptions> = {
  name: "Quanta",
  short_name: "Quanta",
  description:
    "Crypto trading and investing with a wallet sign-in: spot, contracts, options and quant " +
    "plans. Balances come from a double-entry ledger and trades settle from recorded market " +
    "ticks. Trading is risky: you can lose all of your stake.",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  theme_color: themeColor,
  // The splash screen shows this before the app paints; matching the shell avoids a white flash.
  background_color: themeColor,
  lang: "en",
  dir: "ltr",
  categories: ["finance"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    {
      src: "/icons/icon-maskable-192.png",
      sizes: "192x192",
      type: "image/png",
      purpose: "maskable",
    },
    {
      src: "/icons/icon-maskable-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "maskable",
    },
  ],
};
