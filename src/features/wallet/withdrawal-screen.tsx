import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Withdraw: the frame only; the issue that builds this function fills it. */
export function WithdrawalScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Withdraw`} testId="screen-withdrawal">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
