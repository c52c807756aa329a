// /data/detail?id=: one article from IndexedDB — title, date, cover and its sanitised body; says
// plainly when this device does not know the article, or has not downloaded its text yet.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useArticle } from "../../db/queries/articles";
import { useFreshness } from "../../db/sync-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { ScreenFreshness, useOffline } from "../../ui/app-state/screen-freshness";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { ArticleBody } from "../../ui/article/article-body";
import { ArticleCover } from "./article-cover";
import { formatContentDate } from "../../lib/format/format-date";
import "./news.css";

export function DataDetailScreen(props: { id: string | undefined }) {
  const { t } = useLingui();
  if (props.id === undefined) {
    return (
      <ScreenFrame title={t`Article not found`} testId="screen-data-detail">
        <NotFound />
      </ScreenFrame>
    );
  }
  return <ArticleDetail id={props.id} />;
}

function ArticleDetail(props: { id: string }) {
  const { i18n, t } = useLingui();
  const lang = useContentLang();
  const article = useArticle(lang, props.id);
  const freshness = useFreshness("articles");
  const offline = useOffline();

  if (article.status !== "ready") {
    return (
      <ScreenFrame title={t`Article`} testId="screen-data-detail">
        <ScreenFreshness at={freshness} />
        {article.status === "loading" ? (
          <Skeleton lines={8} />
        ) : (
          <p className="q-notice" role="alert">
            <Trans>The data saved on this device could not be read.</Trans>
          </p>
        )}
      </ScreenFrame>
    );
  }
  const row = article.value;
  if (row === undefined) {
    return (
      <ScreenFrame title={t`Article not found`} testId="screen-data-detail">
        <ScreenFreshness at={freshness} />
        <NotFound />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={row.title} testId="screen-data-detail" titleTestId="article-title">
      <ScreenFreshness at={freshness} />
      <p className="q-muted q-article__date">
        <time dateTime={row.publishedAt}>{formatContentDate(row.publishedAt, i18n.locale)}</time>
      </p>
      <ArticleCover src={row.cover} eager />
      {row.body !== null ? (
        <ArticleBody html={row.body} />
      ) : (
        <div className="q-card" data-testid="article-body-missing">
          <p className="q-article__summary">{row.summary}</p>
          <p className="q-muted" role="status">
            {offline ? (
              <Trans>
                The full text of this article has not been downloaded yet. It will be when you are
                back online.
              </Trans>
            ) : (
              <Trans>Downloading the full text…</Trans>
            )}
          </p>
        </div>
      )}
    </ScreenFrame>
  );
}

function NotFound() {
  return (
    <div className="q-card" data-testid="article-not-found">
      <p>
        <Trans>
          This article is not on this device. It may have been removed, or not downloaded yet.
        </Trans>
      </p>
      <Link to="/data" className="q-button q-button--ghost">
        <Trans>All articles</Trans>
      </Link>
    </div>
  );
}
