// "Verify" on a position a recorded tick closed: re-checks the close from the server's public
// tick record (src/sync/contract-verify.ts) and says "Verified" with the tick, or what failed.
// Needs a connection; nothing else in the history does.
import { Trans, useLingui } from "@lingui/react/macro";
import type { ContractOrder } from "../../../protocol/contract";
import { verifyContractOrder, type ContractVerifyOutcome } from "../../sync/contract-verify";
import { useVerifyRun } from "../../ui/trading/use-verify-run";
import { useContractVerifyText } from "./contract-verify-text";

export function ContractVerify({ order }: { order: ContractOrder }) {
  const { state, checking, verify } = useVerifyRun(() => verifyContractOrder(order));

  return (
    <div className="q-contract__verify">
      <button
        type="button"
        className="q-button q-button--ghost"
        data-testid="contract-history-verify"
        aria-busy={checking}
        disabled={checking}
        onClick={() => void verify()}
      >
        {checking ? (
          <Trans comment="Contract history: the Verify button while checking">Verifying…</Trans>
        ) : (
          <Trans comment="Contract history: re-check the closing tick from the public tick record">
            Verify
          </Trans>
        )}
      </button>
      {state.step === "done" && <OutcomeText outcome={state.outcome} />}
    </div>
  );
}

function OutcomeText({ outcome }: { outcome: ContractVerifyOutcome }) {
  const { t } = useLingui();
  const describe = useContractVerifyText();
  const className =
    outcome.status === "verified" ? "q-up" : outcome.status === "expired" ? undefined : "q-down";
  return (
    <div
      role="status"
      className={className}
      data-testid="contract-verify-result"
      data-status={outcome.status}
    >
      {(() => {
        switch (outcome.status) {
          case "verified": {
            const { closeSeq, checkedLinks } = outcome;
            return t({
              message: `Verified: tick #${closeSeq} closed it, and no tick since the opening did before it (${checkedLinks} links checked).`,
              comment: "Contract Verify succeeded; closeSeq is a tick number",
            });
          }
          case "expired": {
            const { closeSeq, checkedLinks } = outcome;
            return (
              <>
                <p>
                  {t({
                    message:
                      "The ticks between opening and closing are kept for 24 hours; this close is older, so its opening and closing ticks can still be checked but not every tick between them.",
                    comment:
                      "Contract Verify of a close older than the tick record's 24 h retention: the ticks in between were deleted, which is expected",
                  })}
                </p>
                <p>
                  {t({
                    message: `What is still recorded checks out: tick #${closeSeq} closed it at its price, with the pnl the rule gives (${checkedLinks} links checked).`,
                    comment:
                      "Contract Verify of a close older than 24 h: what could be checked passed; closeSeq is a tick number",
                  })}
                </p>
              </>
            );
          }
          case "failed":
            return (
              <>
                <Trans comment="Contract Verify failed; a list of what did not check out follows">
                  Not verified:
                </Trans>
                <ul>
                  {outcome.failures.map((failure, i) => (
                    <li key={i}>{describe(failure)}</li>
                  ))}
                </ul>
              </>
            );
          case "offline":
            return t({
              message: "Verification needs a connection.",
              comment: "Contract Verify while offline",
            });
          default: {
            const { code } = outcome;
            return t({
              message: `The server did not serve the ticks to verify (${code}).`,
              comment: "Contract Verify: the tick record could not be read; code is an error code",
            });
          }
        }
      })()}
    </div>
  );
}
