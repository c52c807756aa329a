import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable, RiskWarning } from "../../ui/notices";

/** Options: the frame only; the issue that builds this function fills it. */
export function OptionsScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Options`} testId="screen-options">
      <RiskWarning />
      <NotYetAvailable />
    </ScreenFrame>
  );
}
