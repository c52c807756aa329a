import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Invite: the frame only; the issue that builds this function fills it. */
export function InviteScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Invite`} testId="screen-invite">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
