// The home page's footer: the operator's documents (help centre, community guidelines, user
// agreement, privacy policy) and the operator line, copyright and country from the settings.
import { Trans, useLingui } from "@lingui/react/macro";
import type { LinkAlias } from "../../../protocol";
import type { LinkRow } from "../../db/queries/links";
import { useSetting } from "../../db/queries/settings";
import { useSystemFacts } from "../../db/sync-state";
import { countryName } from "../../i18n/countries";
import { ContentLink } from "../../ui/links/content-link";
import { useContentLang } from "../../ui/app-state/use-content-lang";

const FOOTER_ALIASES: readonly LinkAlias[] = [
  "help-centre",
  "community-guidelines",
  "user-agreement",
  "privacy-policy",
];

export function FooterBlock(props: { links: readonly LinkRow[] }) {
  const { t } = useLingui();
  const lang = useContentLang();
  const footer = useSetting(lang, "footer");
  const facts = useSystemFacts();
  const links = FOOTER_ALIASES.flatMap((alias) =>
    props.links.filter((link) => link.alias === alias),
  );
  const settings = footer.status === "ready" ? footer.value : undefined;
  const code = facts?.country ?? "";
  const country = code === "" ? null : countryName(code, lang);
  return (
    <footer className="q-home__footer" data-testid="home-footer">
      {links.length > 0 && (
        <nav aria-label={t`Documents`}>
          <ul className="q-home__footer-links">
            {links.map((link) => (
              <li key={link.id}>
                <ContentLink url={link.url} testId={`footer-${link.alias}`}>
                  {link.title}
                </ContentLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {settings !== undefined && <p>{settings.operator}</p>}
      {country !== null && (
        <p data-testid="footer-country">
          <Trans>Operated from {country}</Trans>
        </p>
      )}
      {settings !== undefined && <p className="q-muted">{settings.copyright}</p>}
    </footer>
  );
}
