// The help centre on the home page: the help articles (category "help") as this device holds
// them, each opening its article.
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useArticles } from "../../db/queries/articles";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { NotDownloaded } from "./pitch-block";

/** The help centre answers four questions; a few spare rows if the operator adds more. */
const HELP_LIMIT = 8;

export function HelpBlock() {
  const lang = useContentLang();
  const help = useArticles(lang, "help", HELP_LIMIT);
  const items = help.status === "ready" ? help.value.items : [];
  return (
    <section className="q-card q-home__help" data-testid="home-help">
      <h2>
        <Trans>Help centre</Trans>
      </h2>
      {items.length === 0 ? (
        help.status === "loading" ? (
          <Skeleton lines={3} />
        ) : (
          <p className="q-muted">
            <NotDownloaded />
          </p>
        )
      ) : (
        <ul className="q-home__link-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to="/data/detail"
                search={{ id: item.id }}
                data-testid="help-item"
                data-id={item.id}
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/data" search={{ category: "help" }} className="q-home__more">
        <Trans>All help articles</Trans>
      </Link>
    </section>
  );
}
