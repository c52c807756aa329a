// An article's editor: category, cover and sort, then title, summary and body per language (the
// switcher covers all eleven), beside a preview that renders the body with the very component
// and sanitiser of the app's article screen (src/ui/article). English is required: it is every
// other language's fallback. Saving needs `manage`; the server checks everything again.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { ARTICLE_CATEGORIES, LANGS, type Lang } from "../../../protocol";
import { saveArticle, type AdminArticleView, type ArticleTextView } from "../../sync/admin/console";
import { ArticleBody } from "../../ui/article/article-body";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { LangTabs } from "./lang-tabs";

const EMPTY: ArticleTextView = { title: "", summary: "", body: "" };

/** Languages whose text has anything in it; a language left empty is not sent. */
function filledTexts(texts: Partial<Record<Lang, ArticleTextView>>) {
  return Object.fromEntries(
    LANGS.flatMap((lang) => {
      const text = texts[lang];
      return text && (text.title.trim() || text.summary.trim() || text.body.trim())
        ? [[lang, text]]
        : [];
    }),
  ) as Partial<Record<Lang, ArticleTextView>>;
}

export function ArticleEditor(props: {
  article: AdminArticleView | null;
  canEdit: boolean;
  onDone: (saved: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { article } = props;
  const [category, setCategory] = useState(article?.category ?? "news");
  const [cover, setCover] = useState(article?.cover ?? "");
  const [texts, setTexts] = useState(article?.texts ?? {});
  const [lang, setLang] = useState<Lang>("en");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = texts[lang] ?? EMPTY;
  const setText = (field: keyof ArticleTextView, value: string) =>
    setTexts((all) => ({ ...all, [lang]: { ...(all[lang] ?? EMPTY), [field]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.canEdit || busy) return;
    setBusy(true);
    setError(null);
    const draft = {
      category,
      cover: cover.trim() === "" ? null : cover.trim(),
      sort: article?.sort ?? 0,
      texts: filledTexts(texts),
    };
    saveArticle(article?.id ?? null, draft).then(
      () => props.onDone(true),
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <form className="q-admin-card" onSubmit={submit} noValidate data-testid="article-editor">
      <h2 className="q-admin-title">
        {article === null ? <Trans>New article</Trans> : <code>{article.id}</code>}
      </h2>
      <label className="q-admin-label">
        <Trans>Category</Trans>
        <select
          className="q-field__input"
          value={category}
          disabled={!props.canEdit}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="article-category"
        >
          {ARTICLE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t`Cover (an image path, optional)`}
        value={cover}
        onChange={setCover}
        disabled={!props.canEdit}
        testId="article-cover"
      />
      <LangTabs
        value={lang}
        onChange={setLang}
        marked={Object.keys(filledTexts(texts)) as Lang[]}
        testId="article-lang"
      />
      <TextField
        label={t`Title`}
        value={text.title}
        onChange={(v) => setText("title", v)}
        disabled={!props.canEdit}
        testId="article-title-input"
      />
      <TextField
        label={t`Summary`}
        value={text.summary}
        onChange={(v) => setText("summary", v)}
        disabled={!props.canEdit}
        testId="article-summary"
      />
      <label className="q-admin-label">
        <Trans>Body (HTML: p, h2, h3, ul, ol, li, strong, em, a, blockquote, br)</Trans>
        <textarea
          className="q-field__input q-admin-textarea"
          value={text.body}
          disabled={!props.canEdit}
          onChange={(e) => setText("body", e.target.value)}
          data-testid="article-body-input"
        />
      </label>
      <section className="q-admin-preview" aria-label={t`Preview`} data-testid="article-preview">
        <h3 className="q-admin-label">
          <Trans>Preview, as the app shows it</Trans>
        </h3>
        <div lang={lang} className="q-admin-preview__page">
          <h1 className="q-article__title">{text.title}</h1>
          <p className="q-article__summary">{text.summary}</p>
          <ArticleBody html={text.body} />
        </div>
      </section>
      <ErrorLine error={error} role="alert" />
      {props.canEdit && (
        <button className="q-admin-button" type="submit" disabled={busy} data-testid="article-save">
          <Trans>Save</Trans>
        </button>
      )}
      <button type="button" className="q-admin-link" onClick={() => props.onDone(false)}>
        <Trans>Close</Trans>
      </button>
    </form>
  );
}
