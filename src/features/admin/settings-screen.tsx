// System settings (the home page's pitch, the subscription box, the footer) per language. An
// operator's edit is audited, reaches open apps through the public content pull, and is kept
// over the seed from then on. Fields follow each setting's shape (protocol/settings-admin.ts,
// which also checks them here before sending); saving needs `manage`.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Lang } from "../../../protocol";
import { checkSettingDataset } from "../../../protocol/settings-admin";
import { ApiError, editSetting, listSettings, type AdminSetting } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { LangTabs } from "./lang-tabs";
import { allows } from "./roles";
import { SettingFields } from "./setting-fields";
import { useOperator } from "./use-operator";
import { useRemote } from "./use-remote";

function SettingCard(props: { setting: AdminSetting; canEdit: boolean; onSaved: () => void }) {
  const { i18n } = useLingui();
  const { setting } = props;
  const [dataset, setDataset] = useState<unknown>(setting.dataset);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = () => {
    const checked = checkSettingDataset(setting.alias, dataset);
    if (!checked.ok) {
      // Worded exactly as the server's refusal of the same dataset would be.
      const { field, rule, limit } = checked;
      const params: Record<string, string> = { field, rule };
      if (limit !== undefined) params.limit = String(limit);
      setError(consoleErrorText(i18n, new ApiError(400, "VALIDATION", checked.message, params)));
      return;
    }
    setBusy(true);
    setError(null);
    editSetting(setting.alias, setting.lang, checked.dataset).then(props.onSaved, (f: unknown) => {
      setBusy(false);
      setError(consoleErrorText(i18n, f));
    });
  };
  return (
    <li className="q-admin-item" data-testid={`setting-${setting.alias}`}>
      <strong>
        <code>{setting.alias}</code> · {setting.lang} · {setting.origin}
      </strong>
      <SettingFields
        alias={setting.alias}
        value={dataset}
        onChange={setDataset}
        disabled={!props.canEdit}
      />
      <ErrorLine error={error} role="alert" />
      {props.canEdit && (
        <button
          type="button"
          className="q-admin-button"
          disabled={busy}
          onClick={save}
          data-testid={`setting-save-${setting.alias}`}
        >
          <Trans>Save</Trans>
        </button>
      )}
    </li>
  );
}

export function SettingsScreen() {
  const { i18n } = useLingui();
  const canEdit = allows(useOperator().session, "manage");
  const settings = useRemote(() => listSettings(), "settings");
  const [lang, setLang] = useState<Lang>("en");
  return (
    <section data-testid="admin-settings">
      <h1 className="q-admin-title">
        <Trans>System settings</Trans>
      </h1>
      <LangTabs value={lang} onChange={setLang} testId="setting-lang" />
      <ErrorLine
        error={settings.error ? consoleErrorText(i18n, settings.error) : null}
        role="alert"
      />
      <ul className="q-admin-list">
        {settings.data
          ?.filter((s) => s.lang === lang)
          .map((setting) => (
            <SettingCard
              key={`${setting.alias}-${setting.lang}-${setting.updatedAt}`}
              setting={setting}
              canEdit={canEdit}
              onSaved={settings.reload}
            />
          ))}
      </ul>
    </section>
  );
}
