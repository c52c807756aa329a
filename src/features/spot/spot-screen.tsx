import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable, RiskWarning } from "../../ui/notices";

/** Spot: the frame only; the issue that builds this function fills it. */
export function SpotScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Spot`} testId="screen-spots">
      <RiskWarning />
      <NotYetAvailable />
    </ScreenFrame>
  );
}
