/// <reference types="vite/client" />

/** The app's version from package.json, defined at build time. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Language for unsupported browser locales (DESIGN §7); `en` when unset. */
  readonly VITE_FALLBACK_LANG?: string;
  /** WalletConnect Cloud project id; WalletConnect is offered on /login only when it is set. */
  readonly VITE_WC_PROJECT_ID?: string;
}
