// One category's articles from IndexedDB, a page at a time: "Load more" widens the window, and
// so does scrolling near the end (IntersectionObserver), without any request — the sync layer
// already stored them.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { ArticleCategory } from "../../../protocol";
import { ARTICLE_PAGE_SIZE, useArticles } from "../../db/queries/articles";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { ArticleCover } from "./article-cover";
import { formatContentDate } from "../../lib/format/format-date";

export function ArticleList(props: { category: ArticleCategory }) {
  const { i18n } = useLingui();
  const lang = useContentLang();
  const [limit, setLimit] = useState(ARTICLE_PAGE_SIZE);
  const articles = useArticles(lang, props.category, limit);
  const sentinel = useRef<HTMLButtonElement>(null);
  const hasMore = articles.status === "ready" && articles.value.hasMore;
  const shown = articles.status === "ready" ? articles.value.items.length : 0;

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || target === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Grow from what is shown, so one sighting adds exactly one page.
        if (entries.some((entry) => entry.isIntersecting)) {
          setLimit(shown + ARTICLE_PAGE_SIZE);
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  if (articles.status === "loading") {
    return <Skeleton lines={6} />;
  }
  if (articles.status === "error") {
    return (
      <p className="q-notice" role="alert">
        <Trans>The data saved on this device could not be read.</Trans>
      </p>
    );
  }
  const { items } = articles.value;
  return (
    <>
      {items.length === 0 ? (
        <p className="q-card q-muted" data-testid="article-list-empty">
          <Trans>Nothing here yet. Articles appear after the next update.</Trans>
        </p>
      ) : (
        <ul className="q-articles" data-testid="article-list">
          {items.map((item) => (
            <li key={item.id} data-testid="article-item" data-id={item.id}>
              <Link to="/data/detail" search={{ id: item.id }} className="q-articles__link">
                <ArticleCover src={item.cover} />
                <span className="q-articles__text">
                  <strong className="q-articles__title">{item.title}</strong>
                  <span className="q-articles__summary">{item.summary}</span>
                  <time className="q-muted q-articles__date" dateTime={item.publishedAt}>
                    {formatContentDate(item.publishedAt, i18n.locale)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          ref={sentinel}
          type="button"
          className="q-button q-button--ghost q-articles__more"
          onClick={() => setLimit(shown + ARTICLE_PAGE_SIZE)}
          data-testid="load-more"
        >
          <Trans>Load more</Trans>
        </button>
      )}
    </>
  );
}
