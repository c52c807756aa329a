import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Home: the frame only; the issue that builds this function fills it. */
export function HomeScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Home`} testId="screen-home">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
