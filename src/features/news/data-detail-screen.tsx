import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable } from "../../ui/notices";

/** One article of the data and news area, by id; filled by the content issue. */
export function DataDetailScreen(props: { id: string | undefined }) {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Article`} testId="screen-data-detail">
      <NotYetAvailable />
      {props.id !== undefined && <p className="q-muted">#{props.id}</p>}
    </ScreenFrame>
  );
}
