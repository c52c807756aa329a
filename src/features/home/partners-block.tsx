// "Built on": the providers the product runs on (links alias "partner"). Named honestly — these
// are networks, assets and data sources the app uses, not business partners.
import { Trans } from "@lingui/react/macro";
import type { LinkRow } from "../../db/queries/links";
import { ContentLink } from "../../ui/links/content-link";

export function PartnersBlock(props: { links: readonly LinkRow[] }) {
  const partners = props.links.filter((link) => link.alias === "partner");
  if (partners.length === 0) return null;
  return (
    <section className="q-card q-home__partners" data-testid="home-partners">
      <h2>
        <Trans>Built on</Trans>
      </h2>
      <p className="q-muted q-home__small">
        <Trans>The networks, assets and data sources Quanta uses. They are not our partners.</Trans>
      </p>
      <ul className="q-home__link-list">
        {partners.map((link) => (
          <li key={link.id}>
            <ContentLink url={link.url} testId="partner-item">
              {link.title}
            </ContentLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
