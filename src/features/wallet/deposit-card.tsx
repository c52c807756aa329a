// Where to send USDT: the deposit address from IndexedDB (GET /wallet/deposit as the account pull
// stored it) with its QR code, a copy button, the network and the minimum, and the warning that
// anything but USDT (ERC20) on this network is lost. Without stored deposit info it says so.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { DepositInfo } from "../../../protocol/chain";
import { formatMoney } from "../../lib/format/format-money";
import { QrCode } from "../../ui/qr/qr-code";

type CopyState = "idle" | "copied" | "failed";

export function DepositCard(props: { deposit: DepositInfo | null }) {
  const { i18n, t } = useLingui();
  const [copy, setCopy] = useState<CopyState>("idle");
  const { deposit } = props;

  if (deposit === null) {
    return (
      <section className="q-card" data-testid="recharge-no-deposit">
        <h2>
          <Trans>Deposit address</Trans>
        </h2>
        <p className="q-notice" role="status">
          <Trans>
            The deposit address is not available on this device yet: it appears once the app has
            reached the server and the deposit chain is running. Please try again later — do not
            send USDT before you see the address here.
          </Trans>
        </p>
      </section>
    );
  }

  const copyAddress = async () => {
    try {
      if (navigator.clipboard === undefined) throw new Error("No clipboard in this browser.");
      await navigator.clipboard.writeText(deposit.address);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  const minimum = formatMoney(deposit.minAmount, i18n.locale);
  const network = deposit.network;

  return (
    <section className="q-card q-wallet__deposit" aria-labelledby="recharge-address-title">
      <h2 id="recharge-address-title">
        <Trans>Deposit address</Trans>
      </h2>
      <QrCode
        className="q-wallet__qr"
        text={deposit.address}
        label={t`QR code of the deposit address`}
        testId="recharge-qr"
      />
      <p className="q-wallet__address" data-testid="recharge-address">
        {deposit.address}
      </p>
      <button
        type="button"
        className="q-button q-button--ghost"
        onClick={() => void copyAddress()}
        data-testid="recharge-copy"
      >
        <Trans>Copy address</Trans>
      </button>
      {copy === "copied" && (
        <p role="status" className="q-muted">
          <Trans>Address copied.</Trans>
        </p>
      )}
      {copy === "failed" && (
        <p role="alert" className="q-field__error">
          <Trans>
            Copying is not possible here: select the address above and copy it yourself.
          </Trans>
        </p>
      )}
      <dl className="q-wallet__facts">
        <dt>
          <Trans>Network</Trans>
        </dt>
        <dd data-testid="recharge-network">{network}</dd>
        <dt>
          <Trans>Minimum</Trans>
        </dt>
        <dd data-testid="recharge-minimum">{minimum} USDT</dd>
      </dl>
      <p className="q-notice" role="note" data-testid="recharge-warning">
        <Trans>
          Send only USDT on the {network} network to this address. Any other coin, or USDT on
          another network, cannot be credited and is lost.
        </Trans>
      </p>
    </section>
  );
}
