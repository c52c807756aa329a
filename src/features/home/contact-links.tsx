// Live chat and the messaging app: the two ways to reach a person, as prominent buttons.
import { Trans } from "@lingui/react/macro";
import type { LinkRow } from "../../db/queries/links";
import { ContentLink } from "../../ui/links/content-link";

export function ContactLinks(props: { links: readonly LinkRow[] }) {
  const chat = props.links.find((link) => link.alias === "live-chat");
  const messaging = props.links.find((link) => link.alias === "messaging-app");
  if (chat === undefined && messaging === undefined) return null;
  return (
    <section className="q-home__contact" aria-labelledby="home-contact-title">
      <h2 id="home-contact-title" className="q-visually-hidden">
        <Trans>Contact</Trans>
      </h2>
      {chat !== undefined && (
        <ContentLink url={chat.url} className="q-button" testId="live-chat-link">
          <ChatIcon /> {chat.title}
        </ContentLink>
      )}
      {messaging !== undefined && (
        <ContentLink
          url={messaging.url}
          className="q-button q-button--ghost"
          testId="messaging-app-link"
        >
          <MessagingIcon /> {messaging.title}
        </ContentLink>
      )}
    </section>
  );
}

// Inline icons: an emoji would depend on the device's fonts (many phones lack colour emoji).
function ChatIcon() {
  return (
    <StrokeIcon path="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" />
  );
}

function MessagingIcon() {
  return <StrokeIcon path="m3 11 17-7-4 16-5-6-8-3Zm8 3 9-10" />;
}

function StrokeIcon(props: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={props.path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
