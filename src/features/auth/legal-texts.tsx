import { Trans } from "@lingui/react/macro";

/**
 * The User Agreement and the Privacy Policy, built in so an anonymous visitor can read them on
 * /login (the only screen they may open). Short and plain on purpose: what Quanta is, what it
 * keeps and why, and that trading can lose all of the stake.
 */
export function UserAgreementText() {
  return (
    <>
      <p>
        <Trans>
          Quanta is software for trading crypto assets with your own wallet. This service is run by
          the operator of this server, who is responsible for it.
        </Trans>
      </p>
      <p>
        <Trans>
          You sign in by signing a message in your wallet. Signing costs nothing and sends no
          transaction. Keep your wallet and its recovery phrase safe: nobody at Quanta can recover
          them for you.
        </Trans>
      </p>
      <p>
        <strong>
          <Trans>
            Risk: spot trading, options and contract trading can lose all of your stake or margin,
            and leverage multiplies losses. Prices move fast, and past prices do not promise future
            returns. Only use money you can afford to lose.
          </Trans>
        </strong>
      </p>
      <p>
        <Trans>
          Quanta (the house) is the counterparty to every trade: spot orders fill against the house
          at the prices of the market feed's order book, not against other users. Quanta is also the
          counterparty to every rise/fall option, at the market feed's recorded prices: it pays a
          win from its options pool and keeps a lost stake. An option settles only by one published
          rule, from the first recorded tick after the order is accepted to the last recorded tick
          at or before expiry; a tie returns the stake, and an option with no recorded tick in its
          time returns stake and fee. Nobody chooses an outcome, and you can check every result
          yourself.
        </Trans>
      </p>
      <p>
        <Trans>
          Every balance comes from a double-entry ledger, and every trade settles only from recorded
          market prices that you can check. A withdrawal is approved or rejected with a stated
          reason and never requires an extra payment.
        </Trans>
      </p>
      <p>
        <Trans>
          Demo mode uses test money on a development chain. Demo balances have no value and cannot
          be paid out.
        </Trans>
      </p>
      <p>
        <Trans>
          The operator may lock an account that breaks the law or these terms. The app tells you
          when your account is locked.
        </Trans>
      </p>
    </>
  );
}

export function PrivacyPolicyText() {
  return (
    <>
      <p>
        <Trans>
          What we store: your wallet address; your sessions (sign-in times, and tokens kept only as
          hashes); your orders and ledger entries; and, if you verify your identity, your name, ID
          number, ID type and the photo you upload.
        </Trans>
      </p>
      <p>
        <Trans>
          Why: to run your account, to settle trades and withdrawals, and to verify identity where
          the law requires it. Quanta shows no ads, uses no third-party analytics and does not sell
          your data.
        </Trans>
      </p>
      <p>
        <Trans>
          Identity documents are seen only by you and by the operators who review them. Photos are
          kept on the operator's server, outside the public web.
        </Trans>
      </p>
      <p>
        <Trans>
          On your device, the app keeps your session and a copy of your data so it works offline.
          Signing out removes them from this device. In demo mode, the demo wallet's key is kept in
          this browser.
        </Trans>
      </p>
      <p>
        <Trans>
          You can ask the operator to show, correct or delete your data, unless the law requires
          them to keep it.
        </Trans>
      </p>
    </>
  );
}
