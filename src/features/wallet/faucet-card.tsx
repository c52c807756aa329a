// Demo mode only (DESIGN §1.5): the dev chain's faucet sends test USDT to the signed-in wallet, so
// a recharge can be tried end to end without real money. Online only: nothing is queued.
import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { FAUCET_AMOUNT } from "../../../protocol/chain";
import { useSystemFacts } from "../../db/sync-state";
import { requestTestUsdt } from "../../sync/wallet-commands";
import { shortHex } from "../../lib/wallet-text";
import { useOnline } from "../../ui/app-state/use-app-state";

type FaucetState =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; txHash: string }
  | { kind: "failed"; rateLimited: boolean };

export function FaucetCard() {
  const facts = useSystemFacts();
  const online = useOnline();
  const [state, setState] = useState<FaucetState>({ kind: "idle" });
  if (facts?.mode !== "demo") return null;
  const amount = FAUCET_AMOUNT;

  const request = async () => {
    setState({ kind: "sending" });
    try {
      setState({ kind: "sent", txHash: await requestTestUsdt() });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setState({ kind: "failed", rateLimited: status === 429 });
    }
  };

  return (
    <section className="q-card" aria-labelledby="faucet-title">
      <h2 id="faucet-title">
        <Trans>Test USDT faucet</Trans>
      </h2>
      <p className="q-muted">
        <Trans>
          This is a demo on its own test chain. The faucet sends {amount} test USDT to your
          signed-in wallet so you can try a recharge; test USDT has no value.
        </Trans>
      </p>
      <button
        type="button"
        className="q-button"
        disabled={!online || state.kind === "sending"}
        onClick={() => void request()}
        data-testid="recharge-faucet"
      >
        <Trans>Get {amount} test USDT</Trans>
      </button>
      <FaucetOutcome state={state} online={online} />
    </section>
  );
}

function FaucetOutcome(props: { state: FaucetState; online: boolean }) {
  const { state } = props;
  if (!props.online) {
    return (
      <p className="q-muted">
        <Trans>The faucet needs a connection.</Trans>
      </p>
    );
  }
  if (state.kind === "sent") {
    const hash = shortHex(state.txHash);
    return (
      <p role="status" data-testid="recharge-faucet-sent" data-tx-hash={state.txHash}>
        <Trans>Sent: transaction {hash}.</Trans>
      </p>
    );
  }
  if (state.kind === "failed") {
    return (
      <p role="alert" data-testid="recharge-faucet-failed">
        {state.rateLimited ? (
          <Trans>The faucet sends once a minute per wallet. Please try again shortly.</Trans>
        ) : (
          <Trans>The faucet could not send test USDT. Please try again.</Trans>
        )}
      </p>
    );
  }
  return null;
}
