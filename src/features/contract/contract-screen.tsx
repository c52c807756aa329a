import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable, RiskWarning } from "../../ui/notices";

/** Contract: the frame only; the issue that builds this function fills it. */
export function ContractScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Contract`} testId="screen-contract">
      <RiskWarning />
      <NotYetAvailable />
    </ScreenFrame>
  );
}
