import { Trans, useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import type { LoadErrorKind } from "./load-errors";

/** Shown when part of the app could not be loaded; reloading fetches it again. */
export function LoadErrorScreen(props: { kind: LoadErrorKind }) {
  const { t } = useLingui();
  const css = props.kind === "css";
  return (
    <div role="alert" data-testid={`load-error-${props.kind}`}>
      <ScreenFrame title={css ? t`Styles failed to load` : t`Loading failed`} testId="load-error">
        <p>
          {css ? (
            <Trans>The page styles could not be loaded.</Trans>
          ) : (
            <Trans>Part of the app could not be loaded. Check your connection and try again.</Trans>
          )}
        </p>
        <button type="button" className="q-button" onClick={() => window.location.reload()}>
          <Trans>Retry</Trans>
        </button>
      </ScreenFrame>
    </div>
  );
}
