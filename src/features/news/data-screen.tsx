import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Data: the frame only; the issue that builds this function fills it. */
export function DataScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Data`} testId="screen-data">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
