import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Identity verification: the frame only; the issue that builds this function fills it. */
export function VerifyScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Identity verification`} testId="screen-verified">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
