// /my's About tab: which app and server this is (versions, demo or production) and the
// operator's documents and contact links, all from what this device stored, so it reads offline.
import { Trans } from "@lingui/react/macro";
import { useLinks } from "../../db/queries/links";
import { useServerInfo } from "../../ui/app-state/use-app-state";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { ContentLink } from "../../ui/links/content-link";

export function AboutTab() {
  const server = useServerInfo();
  const lang = useContentLang();
  const links = useLinks(lang);
  const appVersion = __APP_VERSION__;
  const serverVersion = server?.version ?? null;
  const rows = links.status === "ready" ? links.value : [];
  return (
    <section className="q-card" aria-labelledby="my-about-title" data-testid="my-about">
      <h2 id="my-about-title">
        <Trans>About</Trans>
      </h2>
      <dl className="q-my__figures">
        <div className="q-my__figure">
          <dt className="q-muted">
            <Trans>App version</Trans>
          </dt>
          <dd data-testid="my-about-app-version">{appVersion}</dd>
        </div>
        <div className="q-my__figure">
          <dt className="q-muted">
            <Trans>Server version</Trans>
          </dt>
          <dd data-testid="my-about-server-version">{serverVersion ?? "—"}</dd>
        </div>
        <div className="q-my__figure">
          <dt className="q-muted">
            <Trans>Mode</Trans>
          </dt>
          <dd data-testid="my-about-mode">
            {server === null ? (
              "—"
            ) : server.mode === "demo" ? (
              <Trans>Demo: simulated market, test money</Trans>
            ) : (
              <Trans>Production</Trans>
            )}
          </dd>
        </div>
      </dl>
      {rows.length > 0 && (
        <ul className="q-my__links" data-testid="my-about-links">
          {rows.map((link) => (
            <li key={link.id}>
              <ContentLink url={link.url}>{link.title}</ContentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
