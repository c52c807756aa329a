import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** Financial records: the frame only; the issue that builds this function fills it. */
export function RecordsScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Financial records`} testId="screen-records">
      <NotYetAvailable />
    </ScreenFrame>
  );
}
