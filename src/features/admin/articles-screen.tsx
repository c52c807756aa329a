// Articles (news, help, agreements): the list with each article's origin and languages, and the
// editor with its eleven-language preview (article-editor.tsx). Adding, editing and deleting need
// `manage`; a reader opens an article to read and preview it. Every change is audited by the
// server, and an operator's article is kept over the seed.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import {
  deleteArticle,
  listArticles,
  readArticle,
  type AdminArticleItemView,
  type AdminArticleView,
} from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { ArticleEditor } from "./article-editor";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";
import { useRemote } from "./use-remote";

/** What the editor shows: nothing, a new article, or one loaded with all its texts. */
type Editing = { kind: "none" } | { kind: "new" } | { kind: "open"; article: AdminArticleView };

function ArticleRow(props: {
  item: AdminArticleItemView;
  canEdit: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { item } = props;
  return (
    <li className="q-admin-item" data-testid={`article-${item.id}`}>
      <strong>{item.title}</strong> <code>{item.id}</code>
      <span className="q-muted">
        {item.category} · {item.origin} · {item.languages.join(" ")}
      </span>
      <button type="button" className="q-admin-link" onClick={props.onOpen}>
        {props.canEdit ? <Trans>Edit</Trans> : <Trans>Open</Trans>}
      </button>
      {props.canEdit && (
        <button
          type="button"
          className="q-admin-link"
          onClick={props.onDelete}
          data-testid={`article-delete-${item.id}`}
        >
          <Trans>Delete</Trans>
        </button>
      )}
    </li>
  );
}

export function ArticlesScreen() {
  const { t, i18n } = useLingui();
  const canEdit = allows(useOperator().session, "manage");
  const articles = useRemote(() => listArticles(null, 100), "articles");
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [error, setError] = useState<string | null>(null);

  const open = (id: string) => {
    setError(null);
    readArticle(id).then(
      (article) => setEditing({ kind: "open", article }),
      (failure: unknown) => setError(consoleErrorText(i18n, failure)),
    );
  };
  const remove = (item: AdminArticleItemView) => {
    const title = item.title;
    if (!window.confirm(t`Delete "${title}" in every language?`)) return;
    setError(null);
    deleteArticle(item.id).then(articles.reload, (failure: unknown) =>
      setError(consoleErrorText(i18n, failure)),
    );
  };
  const done = (saved: boolean) => {
    setEditing({ kind: "none" });
    if (saved) articles.reload();
  };

  return (
    <section data-testid="admin-articles">
      <h1 className="q-admin-title">
        <Trans>Articles</Trans>
      </h1>
      <ErrorLine
        error={error ?? (articles.error ? consoleErrorText(i18n, articles.error) : null)}
        role="alert"
      />
      {editing.kind === "none" ? (
        canEdit && (
          <button
            type="button"
            className="q-admin-button"
            onClick={() => setEditing({ kind: "new" })}
            data-testid="article-new"
          >
            <Trans>New article</Trans>
          </button>
        )
      ) : (
        <ArticleEditor
          key={editing.kind === "open" ? editing.article.updatedAt + editing.article.id : "new"}
          article={editing.kind === "open" ? editing.article : null}
          canEdit={canEdit}
          onDone={done}
        />
      )}
      <ul className="q-admin-list">
        {articles.data?.items.map((item) => (
          <ArticleRow
            key={`${item.id}-${item.updatedAt}`}
            item={item}
            canEdit={canEdit}
            onOpen={() => open(item.id)}
            onDelete={() => remove(item)}
          />
        ))}
      </ul>
    </section>
  );
}
