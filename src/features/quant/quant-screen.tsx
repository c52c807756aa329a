import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable, RiskWarning } from "../../ui/notices";

/** Intelligent quantification: the frame only; the issue that builds this function fills it. */
export function QuantScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Intelligent quantification`} testId="screen-intelligent">
      <RiskWarning />
      <NotYetAvailable />
    </ScreenFrame>
  );
}
