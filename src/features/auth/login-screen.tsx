import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { CheckField } from "../../ui/form/check-field";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { showToast } from "../../ui/toast/toast-store";
import { useOnline, useServerInfo } from "../../ui/app-state/use-app-state";
import { LanguageSwitcher } from "../../ui/language/language-switcher";
import { LegalSheet, type LegalDocument } from "./legal-sheet";
import { forgetInvite, pendingInvite, rememberInvite } from "./pending-invite";
import type { WalletChoice, Wallets } from "./sign-in";
import { WalletList } from "./wallet-list";
import "./login-screen.css";

/** The sign-in code pulls in the wallet libraries: fetched on this screen only. */
function loadSignIn() {
  return import("./sign-in");
}

const NO_CHOICES: readonly WalletChoice[] = [];
const noChoices = () => NO_CHOICES;
const subscribeNothing = () => () => undefined;

/** A legal text's name in the agreement line: opens the text in a sheet. */
function LegalLink(props: { onOpen: () => void; testId: string; children: ReactNode }) {
  return (
    <button type="button" className="q-link" onClick={props.onOpen} data-testid={props.testId}>
      {props.children}
    </button>
  );
}

/** `/` and `/login`: choose a wallet, agree to the terms, sign one message. */
export function LoginScreen(props: { invite?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const demo = useServerInfo()?.mode === "demo";
  const [agreed, setAgreed] = useState(false);
  // The link's code, or one a link left earlier in this tab (pending-invite.ts).
  const invite = pendingInvite(props.invite);
  const [busy, setBusy] = useState(false);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const [wallets, setWallets] = useState<Wallets | null>(null);
  const choices = useSyncExternalStore(
    wallets?.subscribe ?? subscribeNothing,
    wallets?.choices ?? noChoices,
  );

  useEffect(() => {
    // The link's code must outlast a reload or a detour until the first sign-in (pending-invite.ts).
    rememberInvite(props.invite);
  }, [props.invite]);

  useEffect(() => {
    // Warm the wallet chunks while the user reads; offline they are not cached, so skip.
    if (online) loadSignIn().catch(() => undefined);
  }, [online]);

  const selectWallet = async () => {
    if (!agreed) {
      showToast(t`Check the box and agree`);
      return;
    }
    setBusy(true);
    try {
      const opened = await (await loadSignIn()).openWallets(demo);
      const found = opened.choices();
      // No wallet at all: say where signing in really works. Not when the demo wallet is offered
      // (demo mode): it is a way in, and an error beside it read as if the list were broken.
      if (found.length === 0) {
        showToast(t`Please open the link in your wallet`);
      }
      setWallets(opened);
    } catch {
      showToast(t`Signing in needs a connection. Please try again when you are online.`);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (choice: WalletChoice) => {
    if (wallets === null) return;
    if (!agreed) {
      showToast(t`Check the box and agree`);
      return;
    }
    setBusy(true);
    try {
      const signIn = await loadSignIn();
      try {
        await signIn.signInWithWallet(wallets, choice.id, invite);
      } catch (error) {
        const message = signIn.describeSignInFailure(error);
        if (message !== null) showToast(message);
        return;
      }
      forgetInvite();
      // Navigation errors are swallowed (DESIGN §7).
      await navigate({ to: "/home" }).catch(() => undefined);
    } catch {
      showToast(t`Signing in needs a connection. Please try again when you are online.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame title={t`Sign in with your wallet`} testId="screen-login">
      <img className="q-login__logo" src="/favicon.svg" alt="" width={96} height={96} />
      <p className="q-muted">
        <Trans>
          Trade and invest with your own wallet. Every balance and every settlement on Quanta can be
          checked.
        </Trans>
      </p>
      {demo && (
        <p className="q-notice" data-testid="login-demo">
          <Trans>
            Demo mode: a simulated market and test money only. Nothing here is real money.
          </Trans>
        </p>
      )}
      {invite !== undefined && (
        <p className="q-muted" data-testid="login-invite">
          <Trans>
            Invite code {invite}: it counts when this wallet signs in to Quanta for the first time.
          </Trans>
        </p>
      )}
      {!online && (
        <p className="q-notice" role="status" data-testid="login-offline">
          <Trans>You are offline. Signing in needs a connection.</Trans>
        </p>
      )}
      <button
        type="button"
        className="q-button"
        onClick={() => void selectWallet()}
        disabled={!online || busy}
        data-testid="wallet-select"
      >
        <Trans>Select a wallet</Trans>
      </button>
      {wallets !== null && choices.length > 0 && (
        <WalletList choices={choices} busy={busy || !online} onChoose={(c) => void choose(c)} />
      )}
      {busy && wallets !== null && (
        <p className="q-muted" role="status" data-testid="sign-in-progress">
          <Trans>Confirm in your wallet. Signing in costs nothing and sends no transaction.</Trans>
        </p>
      )}
      <CheckField checked={agreed} onChange={setAgreed} testId="agree">
        <Trans>
          I have read and agree to the{" "}
          <LegalLink onOpen={() => setLegal("agreement")} testId="open-agreement">
            User Agreement
          </LegalLink>{" "}
          and the{" "}
          <LegalLink onOpen={() => setLegal("privacy")} testId="open-privacy">
            Privacy Policy
          </LegalLink>
          .
        </Trans>
      </CheckField>
      <LanguageSwitcher />
      <LegalSheet doc={legal} onClose={() => setLegal(null)} />
    </ScreenFrame>
  );
}
