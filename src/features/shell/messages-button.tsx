// The header's way into the user's messages, with the unread count (read from IndexedDB, so it
// is right offline too and drops the moment a message is opened).
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useUnreadCount } from "../../db/queries/messages";
import { useSessionUserId } from "../../ui/app-state/use-app-state";

export function MessagesButton() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const unread = useUnreadCount(userId);
  const label =
    unread === 0
      ? t`Messages`
      : t({
          message: `Messages, ${unread} unread`,
          comment: "Accessible name of the header's messages button",
        });
  return (
    <Link
      to="/data/message"
      className="q-header__messages"
      aria-label={label}
      data-testid="header-messages"
      data-unread={unread}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 6.5A2.5 2.5 0 0 1 5.5 4h13A2.5 2.5 0 0 1 21 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5v-11Zm2 .3v.2l7 4.6 7-4.6v-.2a.8.8 0 0 0-.8-.8H5.8a.8.8 0 0 0-.8.8Zm14 2.6-6.5 4.3a1 1 0 0 1-1 0L5 9.4v8.1c0 .3.2.5.5.5h13c.3 0 .5-.2.5-.5V9.4Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="q-header__unread" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
