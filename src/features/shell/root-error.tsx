import { Trans, useLingui } from "@lingui/react/macro";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { isRefusal, refusalText } from "../../i18n/refusal-text";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { LoadErrorScreen } from "./load-error-screen";
import { isChunkLoadError } from "./load-errors";

/** A screen that failed to render or load: a chunk failure gets the load-error screen. */
export function RootError(props: ErrorComponentProps) {
  const { t, i18n } = useLingui();
  if (isChunkLoadError(props.error)) return <LoadErrorScreen kind="chunk" />;
  // A refusal is worded from its code; another error's message is the developer's, shown as is.
  const message = isRefusal(props.error)
    ? refusalText(i18n, props.error)
    : props.error instanceof Error
      ? props.error.message
      : "";
  return (
    <ScreenFrame title={t`Something went wrong`} testId="screen-error">
      <p role="alert">{message || t`Has Error`}</p>
      <button type="button" className="q-button" onClick={() => props.reset()}>
        <Trans>Try again</Trans>
      </button>
    </ScreenFrame>
  );
}
