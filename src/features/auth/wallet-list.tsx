import { Trans } from "@lingui/react/macro";
import type { WalletChoice } from "./sign-in";

/** The wallets to choose from; the demo wallet is labelled as such and says what it holds. */
export function WalletList(props: {
  choices: readonly WalletChoice[];
  busy: boolean;
  onChoose: (choice: WalletChoice) => void;
}) {
  return (
    <section className="q-card" data-testid="wallet-list">
      <ul className="q-login__wallets">
        {props.choices.map((choice) => (
          <li key={choice.id} data-testid={`wallet-${choice.kind}`}>
            <button
              type="button"
              className="q-button q-button--ghost q-login__wallet"
              disabled={props.busy}
              onClick={() => props.onChoose(choice)}
            >
              {choice.icon === null ? (
                <span className="q-login__wallet-icon" aria-hidden="true" />
              ) : (
                <img src={choice.icon} alt="" width={32} height={32} />
              )}
              <WalletName choice={choice} />
            </button>
            {choice.kind === "demo" && (
              <p className="q-muted q-login__wallet-note">
                <Trans>
                  A wallet created in this browser for trying Quanta. It holds only test money on
                  the demo chain, never real funds.
                </Trans>
              </p>
            )}
            {choice.kind === "walletconnect" && (
              <p className="q-muted q-login__wallet-note">
                <Trans>Connect a wallet app on your phone with a QR code.</Trans>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WalletName(props: { choice: WalletChoice }) {
  const { choice } = props;
  if (choice.kind === "demo") return <Trans>Demo wallet</Trans>;
  // A product name, the same in every language.
  if (choice.kind === "walletconnect") return <span>WalletConnect</span>;
  // The fallback for wallets that only set window.ethereum has no name of its own.
  if (choice.id === "injected") return <Trans>Browser wallet</Trans>;
  return <span>{choice.name}</span>;
}
