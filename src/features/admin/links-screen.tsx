// Links and contacts (live chat, messaging app, footer links): an operator's edit is audited,
// reaches open apps through the public content pull, and is kept over the seed from then on.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { editLink, listLinks, type AdminLinkView } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";
import { useRemote } from "./use-remote";

function LinkRow(props: {
  link: AdminLinkView;
  canEdit: boolean;
  /** This row's last save was read back from the server (the list reloaded after it). */
  saved: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const { link } = props;
  const [url, setUrl] = useState(link.url);
  const [title, setTitle] = useState(link.titles["en"] ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const edit = {
    ...(url.trim() !== link.url ? { url: url.trim() } : {}),
    ...(title.trim() !== (link.titles["en"] ?? "") ? { title: title.trim(), lang: "en" } : {}),
  };
  const edited = Object.keys(edit).length > 0;
  const save = () => {
    if (!edited) return;
    setBusy(true);
    setError(null);
    editLink(link.id, edit).then(
      () => {
        setBusy(false);
        props.onSaved();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };
  return (
    <li className="q-admin-item" data-testid={`link-${link.id}`}>
      <code>{link.alias}</code>
      <TextField
        label={t`Address (https://, mailto: or an app path)`}
        value={url}
        onChange={setUrl}
        disabled={!props.canEdit}
        testId={`link-url-${link.id}`}
      />
      <TextField
        label={t`Title in English`}
        value={title}
        onChange={setTitle}
        disabled={!props.canEdit}
        testId={`link-title-${link.id}`}
      />
      <ErrorLine error={error} role="alert" />
      {props.saved && !edited && (
        <p className="q-admin-ok" role="status" data-testid={`link-saved-${link.id}`}>
          <Trans>Saved. Apps on screen show it within a minute.</Trans>
        </p>
      )}
      {props.canEdit && (
        <button
          type="button"
          className="q-admin-button"
          disabled={busy}
          onClick={save}
          data-testid={`link-save-${link.id}`}
        >
          <Trans>Save</Trans>
        </button>
      )}
    </li>
  );
}

export function LinksScreen() {
  const { i18n } = useLingui();
  const canEdit = allows(useOperator().session, "manage");
  const links = useRemote(() => listLinks(), "links");
  // Which link was saved last: its row says so once the reloaded list shows the edit (the row is
  // keyed by updatedAt, so it remounts with the server's values), not merely when the PUT answered.
  const [savedId, setSavedId] = useState<string | null>(null);
  return (
    <section data-testid="admin-links">
      <h1 className="q-admin-title">
        <Trans>Links and contacts</Trans>
      </h1>
      <ErrorLine error={links.error ? consoleErrorText(i18n, links.error) : null} role="alert" />
      <ul className="q-admin-list">
        {links.data?.map((link) => (
          <LinkRow
            key={`${link.id}-${link.updatedAt}`}
            link={link}
            canEdit={canEdit}
            saved={savedId === link.id}
            onSaved={() => {
              setSavedId(link.id);
              links.reload();
            }}
          />
        ))}
      </ul>
    </section>
  );
}
