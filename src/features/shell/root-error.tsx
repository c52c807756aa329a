import { Trans, useLingui } from "@lingui/react/macro";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { LoadErrorScreen } from "./load-error-screen";
import { isChunkLoadError } from "./load-errors";

/** A screen that failed to render or load: a chunk failure gets the load-error screen. */
export function RootError(props: ErrorComponentProps) {
  const { t } = useLingui();
  if (isChunkLoadError(props.error)) return <LoadErrorScreen kind="chunk" />;
  const message = props.error instanceof Error ? props.error.message : "";
  return (
    <ScreenFrame title={t`Something went wrong`} testId="screen-error">
      <p role="alert">{message || t`Has Error`}</p>
      <button type="button" className="q-button" onClick={() => props.reset()}>
        <Trans>Try again</Trans>
      </button>
    </ScreenFrame>
  );
}
