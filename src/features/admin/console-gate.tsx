// The /admin layout: which step of sign-in this tab is at, then the console around its screens.
import { Trans } from "@lingui/react/macro";
import { useEffect, type ReactNode } from "react";
import { refreshOperatorSession } from "../../sync/admin/operator-session";
import { ConsoleFrame } from "./console-frame";
import { EnrolScreen } from "./enrol-screen";
import { SignInScreen } from "./sign-in-screen";
import { useOperator } from "./use-operator";
import { VerifyScreen } from "./verify-screen";
import "./admin.css";

export function ConsoleGate(props: { children: ReactNode }) {
  const { token, session, endedBy } = useOperator();
  useEffect(() => {
    // A reload keeps the tab's token: ask the server where that session stands.
    if (token !== null && session === null) void refreshOperatorSession().catch(() => undefined);
  }, [token, session]);

  let body: ReactNode;
  if (token === null) body = <SignInScreen endedBy={endedBy} />;
  else if (session === null)
    body = (
      <p className="q-admin-note" data-testid="admin-loading">
        <Trans>Loading…</Trans>
      </p>
    );
  else if (session.stage === "enrol") body = <EnrolScreen />;
  else if (session.stage === "verify") body = <VerifyScreen />;
  else return <ConsoleFrame session={session}>{props.children}</ConsoleFrame>;
  return (
    <main className="q-admin q-admin--gate" data-testid="screen-admin-gate">
      {body}
    </main>
  );
}
