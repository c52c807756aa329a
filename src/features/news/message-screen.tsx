import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** The user's messages (profile/message); filled by the local-first issue. */
export function MessageScreen(props: { id: string | undefined }) {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Messages`} testId="screen-data-message">
      <NotYetAvailable />
      {props.id !== undefined && <p className="q-muted">#{props.id}</p>}
    </ScreenFrame>
  );
}
