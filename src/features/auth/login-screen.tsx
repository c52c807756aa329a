import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { showToast } from "../../ui/toast/toast-store";
import { useOnline } from "../shell/use-shell-state";
import { LanguageSwitcher } from "../system/language-switcher";
import { maskMiddle } from "../../lib/mask";
import type { DiscoveredWallet } from "../../wallet";
import "./login-screen.css";

/** The wallet code is heavy: fetched on this screen only, and only when it can be fetched. */
function loadWallet() {
  return import("../../wallet");
}

/**
 * `/` and `/login`: the wallet-select button and the agreement checkbox. Sign-in itself (SIWE)
 * lands with the sign-in issue; until then the screen finds the wallets and says so honestly.
 */
export function LoginScreen() {
  const { t } = useLingui();
  const online = useOnline();
  const agreeId = useId();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [wallets, setWallets] = useState<DiscoveredWallet[] | null>(null);
  const [account, setAccount] = useState<string | null>(null);

  useEffect(() => {
    // Warm the wallet chunk while the user reads; offline it is not precached, so skip.
    if (online) loadWallet().catch(() => undefined);
  }, [online]);

  const chooseWallet = async () => {
    if (!agreed) {
      showToast(t`Check the box and agree`);
      return;
    }
    setBusy(true);
    try {
      const found = await (await loadWallet()).discoverWallets();
      if (found.length === 0) showToast(t`Please open the link in your wallet`);
      setWallets(found);
    } catch {
      showToast(t`Signing in needs a connection. Please try again when you are online.`);
    } finally {
      setBusy(false);
    }
  };

  const maskedAccount = account === null ? "" : maskMiddle(account);

  const connect = async (wallet: DiscoveredWallet) => {
    setBusy(true);
    try {
      const module = await loadWallet();
      setAccount(await module.requestAccount(wallet.provider));
    } catch (error) {
      // A refusal leaves the app signed out and disconnected; say so plainly.
      setAccount(null);
      showToast(t`The wallet did not connect. Please try again.`);
      if (!(error instanceof Error)) throw error;
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
      {!online && (
        <p className="q-notice" role="status" data-testid="login-offline">
          <Trans>You are offline. Signing in needs a connection.</Trans>
        </p>
      )}
      <button
        type="button"
        className="q-button"
        onClick={() => void chooseWallet()}
        disabled={!online || busy}
        data-testid="wallet-select"
      >
        <Trans>Select a wallet</Trans>
      </button>
      {wallets !== null && wallets.length > 0 && (
        <section className="q-card" data-testid="wallet-list">
          <ul className="q-login__wallets">
            {wallets.map((wallet) => (
              <li key={wallet.info.uuid}>
                <button
                  type="button"
                  className="q-button q-button--ghost"
                  disabled={busy}
                  onClick={() => void connect(wallet)}
                >
                  <img src={wallet.info.icon} alt="" width={32} height={32} />
                  <span>{wallet.info.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {account !== null && (
            <p data-testid="wallet-account">
              <Trans>Connected: {maskedAccount}</Trans>
            </p>
          )}
          <p className="q-muted">
            <Trans>Wallet sign-in is not available yet in this version of Quanta.</Trans>
          </p>
        </section>
      )}
      <div className="q-login__agree">
        <input
          id={agreeId}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          data-testid="agree"
        />
        <label htmlFor={agreeId}>
          <Trans>I have read and agree to the User Agreement and the Privacy Policy.</Trans>
        </label>
      </div>
      <LanguageSwitcher />
    </ScreenFrame>
  );
}
