// /invite: the user's invite code and link (copy, QR code, share sheet, save as image), the
// reward rules with the "budget empty: waiting" state, and who joined (masked). Read from
// IndexedDB (src/db/queries/invite.ts), so it renders offline; opening it online asks the sync
// layer to read GET /invite again.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useInvite } from "../../db/queries/invite";
import { pullInvite } from "../../sync/pull-invite";
import { ScreenFreshness, useOffline } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { InviteInvitees } from "./invite-invitees";
import { InviteRules } from "./invite-rules";
import { InviteShareCard } from "./invite-share-card";
import "./invite.css";

export function InviteScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const offline = useOffline();
  const row = useInvite(userId);
  const invite = row.status === "ready" ? row.value : undefined;

  useEffect(() => {
    if (userId === null || offline) return;
    void pullInvite(userId);
  }, [userId, offline]);

  return (
    <ScreenFrame title={t`Invite`} testId="screen-invite">
      <div className="q-invite">
        <ScreenFreshness at={invite?.readAt ?? null} />
        {row.status === "ready" && invite === undefined && (
          <p className="q-notice" role="status" data-testid="invite-not-read">
            <Trans>
              Your invitation has not been read on this device yet. It appears once the app has
              reached the server.
            </Trans>
          </p>
        )}
        {invite !== undefined && (
          <>
            <InviteShareCard code={invite.code} link={invite.link} />
            <InviteRules invite={invite} />
            <InviteInvitees invite={invite} />
          </>
        )}
      </div>
    </ScreenFrame>
  );
}
