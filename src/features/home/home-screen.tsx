// /home, read entirely from IndexedDB: the signed-in user's assets card, then the pitch, prices, help centre, "built on", the e-mail
// subscription, service status, contact buttons and the footer — with how fresh it all is.
import { useLingui } from "@lingui/react/macro";
import { useLinks } from "../../db/queries/links";
import { useFreshness } from "../../db/sync-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { AccountCard } from "./account-card";
import { ContactLinks } from "./contact-links";
import { FooterBlock } from "./footer-block";
import { HelpBlock } from "./help-block";
import { PartnersBlock } from "./partners-block";
import { PitchBlock } from "./pitch-block";
import { StatusBlock } from "./status-block";
import { SubscribeBlock } from "./subscribe-block";
import { TickersBlock } from "./tickers-block";
import "./home.css";

export function HomeScreen() {
  const { t } = useLingui();
  const lang = useContentLang();
  const links = useLinks(lang);
  const linkRows = links.status === "ready" ? links.value : [];
  // The page is only as fresh as its stalest part.
  const settingsAt = useFreshness("settings");
  const linksAt = useFreshness("links");
  const articlesAt = useFreshness("articles");
  const statusAt = useFreshness("status");
  return (
    <ScreenFrame title={t`Home`} testId="screen-home">
      <ScreenFreshness at={oldest([settingsAt, linksAt, articlesAt, statusAt])} />
      <AccountCard />
      <PitchBlock />
      <ContactLinks links={linkRows} />
      <TickersBlock />
      <HelpBlock />
      <SubscribeBlock />
      <StatusBlock />
      <PartnersBlock links={linkRows} />
      <FooterBlock links={linkRows} />
    </ScreenFrame>
  );
}
