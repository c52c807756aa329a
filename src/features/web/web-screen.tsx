// /web?id=: the in-app viewer for the operator's links (DESIGN §7), addressed by the id of a
// /system/link item as this device last stored it — never an arbitrary URL, so it cannot be
// turned into a phishing frame. A link is framed only when the server says it may be
// (`frameable`: the operator allowed it and the CSP's frame-src admits its origin); otherwise the
// viewer says where the link goes and opens it in the browser (mail app for mailto:, in-app
// navigation for an app path).
import { Trans, useLingui } from "@lingui/react/macro";
import { useLinks, type LinkRow } from "../../db/queries/links";
import { useFreshness } from "../../db/sync-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { ContentLink, linkKind } from "../../ui/links/content-link";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { useOnline } from "../../ui/app-state/use-app-state";
import "./web.css";
import { Skeleton } from "../../ui/skeleton/skeleton";

export function WebScreen(props: { id: string | undefined }) {
  const { t } = useLingui();
  const lang = useContentLang();
  const links = useLinks(lang);
  const linksAt = useFreshness("links");
  const online = useOnline();
  const link =
    links.status === "ready" ? links.value.find((row) => row.id === props.id) : undefined;

  return (
    <ScreenFrame title={link?.title ?? t`Link`} testId="screen-web">
      <ScreenFreshness at={linksAt} />
      {links.status === "loading" && <Skeleton lines={3} />}
      {links.status === "error" && (
        <p className="q-notice" role="alert">
          <Trans>The data saved on this device could not be read.</Trans>
        </p>
      )}
      {links.status === "ready" && link === undefined && (
        <Missing id={props.id} everLoaded={linksAt !== null} online={online} />
      )}
      {link !== undefined && <Viewer link={link} online={online} />}
    </ScreenFrame>
  );
}

function Missing(props: { id: string | undefined; everLoaded: boolean; online: boolean }) {
  const id = props.id ?? "";
  if (!props.everLoaded && !props.online) {
    return (
      <p className="q-card q-notice" data-testid="web-offline">
        <Trans>You are offline and this device has not loaded the operator's links yet.</Trans>
      </p>
    );
  }
  if (!props.everLoaded) {
    return <Skeleton lines={3} />;
  }
  return (
    <p className="q-card q-notice" data-testid="web-unknown">
      {props.id === undefined ? (
        <Trans>No link was chosen.</Trans>
      ) : (
        <Trans>There is no operator link with the id “{id}”.</Trans>
      )}
    </p>
  );
}

function Viewer(props: { link: LinkRow; online: boolean }) {
  const { link, online } = props;
  const kind = linkKind(link.url);
  const mail = /^mailto:/i.test(link.url);
  const framed = kind === "external" && !mail && link.frameable === true && online;
  return (
    <section className="q-card q-web" aria-labelledby="web-link-title">
      <h2 id="web-link-title">{link.title}</h2>
      <p className="q-web__url" data-testid="web-url">
        {link.url}
      </p>
      {kind === "external" && !online && (
        <p className="q-notice" data-testid="web-offline">
          <Trans>You are offline: this page cannot be opened until the connection returns.</Trans>
        </p>
      )}
      {framed ? (
        <iframe
          className="q-web__frame"
          src={link.url}
          title={link.title}
          data-testid="web-frame"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        kind === "external" && (
          <p className="q-muted" data-testid="web-outside-note">
            {mail ? (
              <Trans>This address opens in your mail app.</Trans>
            ) : (
              <Trans>This page cannot be shown inside the app; it opens in your browser.</Trans>
            )}
          </p>
        )
      )}
      {kind !== "none" && (
        <ContentLink url={link.url} className="q-button" testId="web-open">
          {kind === "in-app" ? (
            <Trans>Open</Trans>
          ) : mail ? (
            <Trans>Write an e-mail</Trans>
          ) : (
            <Trans>Open in browser</Trans>
          )}
        </ContentLink>
      )}
    </section>
  );
}
