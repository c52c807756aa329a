import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Recharge: the frame only; the issue that builds this function fills it. */
export function RechargeScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Recharge`} testId="screen-recharge">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
