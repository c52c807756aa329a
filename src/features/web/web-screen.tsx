import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/**
 * DESIGN §7: an in-app viewer for the operator's links, addressed by the id of a /system/link
 * item — never an arbitrary URL, so it cannot be turned into a phishing frame.
 */
export function WebScreen(props: { id: string | undefined }) {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Link`} testId="screen-web">
      <NotYetAvailable />
      {props.id !== undefined && <p className="q-muted">#{props.id}</p>}
    </ScreenFrame>
  );
}
