// /data: news, help centre and agreements as tabs (`?category=`), each a list read from
// IndexedDB, with a way to the user's messages and how fresh the list is.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ARTICLE_CATEGORIES, type ArticleCategory } from "../../../protocol";
import { useFreshness } from "../../db/sync-state";
import { requestSync } from "../../sync/commands";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { PullToRefresh } from "../../ui/pull-refresh/pull-to-refresh";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { ArticleList } from "./article-list";
import "./news.css";

const CATEGORY_NAMES: Record<ArticleCategory, MessageDescriptor> = {
  news: msg`News`,
  help: msg`Help centre`,
  agreement: msg`Agreements`,
};

export function DataScreen(props: { category: ArticleCategory }) {
  const { i18n, t } = useLingui();
  const freshness = useFreshness("articles");
  return (
    <ScreenFrame title={t`News and help`} testId="screen-data">
      <ScreenFreshness at={freshness} />
      <Link to="/data/message" className="q-data__messages" data-testid="data-messages-link">
        <Trans>Your messages</Trans>
      </Link>
      <nav className="q-tabs" aria-label={t`Categories`}>
        {ARTICLE_CATEGORIES.map((category) => (
          <Link
            key={category}
            to="/data"
            search={{ category }}
            className="q-tabs__tab"
            aria-current={category === props.category ? "page" : undefined}
            data-testid={`category-${category}`}
          >
            {i18n._(CATEGORY_NAMES[category])}
          </Link>
        ))}
      </nav>
      {/* A new category starts again at its first page. */}
      <PullToRefresh onRefresh={requestSync}>
        <ArticleList key={props.category} category={props.category} />
      </PullToRefresh>
    </ScreenFrame>
  );
}
