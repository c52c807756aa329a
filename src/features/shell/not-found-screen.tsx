import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { ScreenFrame } from "../../ui/layout/screen-frame";

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <ScreenFrame title={t`Page not found`} testId="screen-not-found">
      <p>
        <Trans>There is nothing at this address.</Trans>
      </p>
      <Link to="/home" className="q-button">
        <Trans>Go to Home</Trans>
      </Link>
    </ScreenFrame>
  );
}
