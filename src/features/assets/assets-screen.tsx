import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Assets: the frame only; the issue that builds this function fills it. */
export function AssetsScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Assets`} testId="screen-my">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
