// /data/message: the user's messages from IndexedDB, newest first, unread marked; with ?id= one
// message. Opening an unread message marks it read through the outbox, so it shows read at once
// (offline too) and the server learns it when it can.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useMessage, useMessages } from "../../db/queries/messages";
import { useFreshness } from "../../db/sync-state";
import { markMessageRead, requestSync } from "../../sync/commands";
import { PullToRefresh } from "../../ui/pull-refresh/pull-to-refresh";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { formatContentDate } from "../../lib/format/format-date";
import { messageWords, paragraphs, summarise } from "./message-wording";
import "./news.css";

export function MessageScreen(props: { id: string | undefined }) {
  return props.id === undefined ? <MessageList /> : <MessageDetail id={props.id} />;
}

function MessageList() {
  const { i18n, t } = useLingui();
  const userId = useSessionUserId();
  const messages = useMessages(userId);
  const freshness = useFreshness("account");
  return (
    <ScreenFrame title={t`Messages`} testId="screen-data-message">
      <ScreenFreshness at={freshness} />
      <PullToRefresh onRefresh={requestSync}>
        {messages.status === "loading" && <Skeleton lines={5} />}
        {messages.status === "error" && (
          <p className="q-notice" role="alert">
            <Trans>The data saved on this device could not be read.</Trans>
          </p>
        )}
        {messages.status === "ready" && messages.value.length === 0 && (
          <p className="q-card q-muted" data-testid="message-list-empty">
            <Trans>No messages yet.</Trans>
          </p>
        )}
        {messages.status === "ready" && messages.value.length > 0 && (
          <ul className="q-messages" data-testid="message-list">
            {messages.value.map((message) => {
              const words = messageWords(i18n, message);
              const read = message.shownRead;
              return (
                <li
                  key={message.id}
                  className={
                    read ? "q-messages__item" : "q-messages__item q-messages__item--unread"
                  }
                  data-testid="message-item"
                  data-id={message.id}
                  data-read={read ? "true" : "false"}
                >
                  <Link to="/data/message" search={{ id: message.id }} className="q-messages__link">
                    <span className="q-messages__head">
                      {!read && (
                        <span className="q-messages__unread">
                          <Trans>Unread</Trans>
                        </span>
                      )}
                      <strong>{words.title}</strong>
                    </span>
                    <span className="q-messages__summary">{summarise(words.body)}</span>
                    <time className="q-muted q-messages__date" dateTime={message.createdAt}>
                      {formatContentDate(message.createdAt, i18n.locale, true)}
                    </time>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </PullToRefresh>
    </ScreenFrame>
  );
}

function MessageDetail(props: { id: string }) {
  const { i18n, t } = useLingui();
  const userId = useSessionUserId();
  const message = useMessage(userId, props.id);
  const freshness = useFreshness("account");
  const value = message.status === "ready" ? message.value : undefined;
  const unread = value !== undefined && !value.shownRead;

  // Once per message: the outbox entry then shows it read; the ref also covers StrictMode's
  // second effect run, which comes before that entry is stored.
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!unread || marked.current === props.id) return;
    marked.current = props.id;
    void markMessageRead(props.id);
  }, [unread, props.id]);

  if (value === undefined) {
    return (
      <ScreenFrame title={t`Messages`} testId="screen-data-message">
        <ScreenFreshness at={freshness} />
        {message.status === "loading" ? (
          <Skeleton lines={4} />
        ) : (
          <div className="q-card" data-testid="message-not-found">
            <p>
              <Trans>This message is not on this device.</Trans>
            </p>
            <Link to="/data/message" className="q-button q-button--ghost">
              <Trans>All messages</Trans>
            </Link>
          </div>
        )}
      </ScreenFrame>
    );
  }
  const words = messageWords(i18n, value);
  return (
    <ScreenFrame title={words.title} testId="screen-data-message" titleTestId="message-title">
      <ScreenFreshness at={freshness} />
      <p className="q-muted q-article__date">
        <time dateTime={value.createdAt}>
          {formatContentDate(value.createdAt, i18n.locale, true)}
        </time>
      </p>
      <div
        className="q-card q-message__body"
        data-testid="message-body"
        data-read={value.shownRead ? "true" : "false"}
      >
        {paragraphs(words.body).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <Link to="/data/message" className="q-message__back">
        <Trans>All messages</Trans>
      </Link>
    </ScreenFrame>
  );
}
