// An article's body: sanitised again on the device, then rendered. In-app links navigate inside
// the app; https links were given target=_blank and rel=noopener by the sanitiser. Shared by the
// article screen (/data/detail) and the console's article preview, so the operator sees the body
// exactly as users will.
import { useRouter } from "@tanstack/react-router";
import { useMemo, type MouseEvent } from "react";
import { articleHrefKind } from "../../../protocol";
import "./article-body.css";
import { sanitizeArticleBody } from "./sanitize-article";

export function ArticleBody(props: { html: string }) {
  const router = useRouter();
  const html = useMemo(() => sanitizeArticleBody(props.html), [props.html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    const anchor = (event.target as Element).closest("a");
    const href = anchor?.getAttribute("href");
    if (href == null || articleHrefKind(href) !== "in-app") return;
    event.preventDefault();
    // Navigation errors are swallowed (DESIGN §7): a superseded navigation is not a failure.
    router.navigate({ href }).catch(() => undefined);
  };

  return (
    // The click handler only routes clicks on the links inside; keyboard users activate those
    // links themselves (Enter fires click), so the container needs no key handler of its own.
    <div
      className="q-article__body"
      data-testid="article-body"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
