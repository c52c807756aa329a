// "Verify" on a settled option: re-checks it from the server's public tick record (the chain's
// hashes, the entry and exit ticks, the rule's result and profit) and says "Verified" with the
// tick numbers, or exactly what failed. Needs a connection; nothing else on the screen does.
import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionsOrder } from "../../../protocol/options";
import { verifySettledOption, type OptionVerifyOutcome } from "../../sync/options-verify";
import { useVerifyRun } from "../../ui/trading/use-verify-run";
import { useOptionVerifyText } from "./option-verify-text";
import "./option-verify.css";

export function OptionVerify({ order }: { order: OptionsOrder }) {
  const { state, checking, verify } = useVerifyRun(() => verifySettledOption(order));

  return (
    <div className="q-option-verify">
      <button
        type="button"
        className="q-button q-button--ghost"
        data-testid="options-verify"
        aria-busy={checking}
        disabled={checking || order.result === null}
        onClick={() => void verify()}
      >
        {checking ? <Trans>Verifying…</Trans> : <Trans>Verify</Trans>}
      </button>
      {state.step === "done" ? <OutcomeText outcome={state.outcome} /> : null}
    </div>
  );
}

function OutcomeText({ outcome }: { outcome: OptionVerifyOutcome }) {
  const { t } = useLingui();
  const describe = useOptionVerifyText();
  const verified = outcome.status === "verified";
  return (
    <div
      role="status"
      className={verified ? "q-option-verify__ok" : "q-option-verify__failed"}
      data-testid="options-verify-result"
      data-status={outcome.status}
    >
      {(() => {
        switch (outcome.status) {
          case "verified": {
            const { entrySeq, exitSeq, checkedLinks } = outcome;
            return entrySeq === null || exitSeq === null
              ? t`Verified: no tick was recorded in the window, so the stake and fee were returned (${checkedLinks} links checked).`
              : t`Verified: entry tick ${entrySeq}, exit tick ${exitSeq} (${checkedLinks} links checked).`;
          }
          case "failed":
            return (
              <>
                <Trans>Not verified:</Trans>
                <ul>
                  {outcome.failures.map((failure, i) => (
                    <li key={i}>{describe(failure)}</li>
                  ))}
                </ul>
              </>
            );
          case "offline":
            return t`Verification needs a connection.`;
          case "unavailable": {
            const { code } = outcome;
            return t`The server did not serve the ticks to verify (${code}).`;
          }
        }
      })()}
    </div>
  );
}
