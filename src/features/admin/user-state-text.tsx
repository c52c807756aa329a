// How the console words a user's identity status and lock (search list and detail alike).
import { Trans, useLingui } from "@lingui/react/macro";
import type { IdentityStatus } from "../../../protocol";
import type { AdminUserItem } from "../../sync/admin/console";
import { timeText } from "./time-text";

export function IdentityText({ status }: { status: IdentityStatus | null }) {
  if (status === null) return <Trans>Not submitted</Trans>;
  if (status === 0) return <Trans>Under review</Trans>;
  if (status === 1) return <Trans>Verified</Trans>;
  return <Trans>Rejected</Trans>;
}

export function LockText({ user }: { user: AdminUserItem }) {
  const { i18n } = useLingui();
  if (!user.locked) return <Trans>Open</Trans>;
  if (user.lock === null) return <Trans>Locked</Trans>;
  const when = timeText(user.lock.lockedAt, i18n.locale);
  const by = user.lock.lockedBy;
  const reason = user.lock.reason ?? "—";
  return (
    <Trans>
      Locked by {by} on {when}. Reason: {reason}
    </Trans>
  );
}
