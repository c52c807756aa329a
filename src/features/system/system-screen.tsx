import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { countryName } from "../../i18n/countries";
import { isLang } from "../../i18n/locales";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { InstallApp } from "../../ui/pwa/install-app";
import { useServerInfo } from "../../ui/app-state/use-app-state";
import { ClearLocalData } from "./clear-local-data";
import { LanguageSwitcher } from "../../ui/language/language-switcher";
import { SyncStatus } from "./sync-status";
import "./system.css";

const darkQuery = "(prefers-color-scheme: dark)";

function subscribeTheme(listener: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** DESIGN §7: /system is settings — language, theme, storage and sync, local data, about. */
export function SystemScreen() {
  const { i18n, t } = useLingui();
  const server = useServerInfo();
  const dark = useSyncExternalStore(subscribeTheme, () => window.matchMedia(darkQuery).matches);
  const lang = isLang(i18n.locale) ? i18n.locale : "en";
  const regionCode = navigator.language.split("-")[1];
  const region = regionCode === undefined ? null : countryName(regionCode, lang);
  const appVersion = __APP_VERSION__;
  const serverVersion = server?.version;
  return (
    <ScreenFrame title={t`Settings`} testId="screen-system">
      <section className="q-card">
        <LanguageSwitcher />
        {region !== null && (
          <p className="q-muted">
            <Trans>Region: {region}</Trans>
          </p>
        )}
      </section>
      <section className="q-card">
        <h2>
          <Trans>Theme</Trans>
        </h2>
        <p data-testid="theme-state">
          {dark ? (
            <Trans>Dark, following your device setting.</Trans>
          ) : (
            <Trans>Light, following your device setting.</Trans>
          )}
        </p>
      </section>
      <InstallApp />
      <SyncStatus />
      <ClearLocalData />
      <section className="q-card">
        <h2>
          <Trans>About</Trans>
        </h2>
        <p>
          <Trans>
            Quanta is an open trading app: every balance comes from a double-entry ledger and every
            settlement from recorded market prices that anyone can check.
          </Trans>
        </p>
        <p className="q-muted" data-testid="version">
          <Trans>App version {appVersion}</Trans>
          {serverVersion !== undefined && (
            <>
              {" · "}
              <Trans>Server version {serverVersion}</Trans>
            </>
          )}
        </p>
      </section>
    </ScreenFrame>
  );
}
