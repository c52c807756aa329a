import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { isLang, LANG_NAMES, LANGS } from "../../i18n/locales";
import { activateLang } from "../../i18n/setup";
import { showToast } from "../toast/toast-store";

/**
 * Choosing a language switches at once and is remembered (localStorage `lang`). Content in that
 * language is then pulled: wire-app.ts tells the sync layer on every Lingui activation.
 */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui();
  const id = useId();
  const change = (value: string) => {
    if (!isLang(value)) return;
    activateLang(value, { remember: true }).catch(() => {
      showToast(t`The language could not be loaded. Check your connection.`);
    });
  };
  return (
    <div className="q-field">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => change(event.target.value)}
        data-testid="language-switcher"
      >
        {LANGS.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANG_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
