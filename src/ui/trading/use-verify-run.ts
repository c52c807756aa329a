// The Verify button's run, shared by options and contract history: offline it says so without a
// request; otherwise it checks once at a time and keeps the outcome to show. A check that throws
// (a bug, not a refusal: those are outcomes) shows as "unavailable".
import { useState } from "react";
import { useOnline } from "../app-state/use-app-state";

/** What a verifier answers when it could not check: offline, or the record not served. */
export type VerifyUnchecked = { status: "offline" } | { status: "unavailable"; code: string };

export type VerifyRunState<Outcome> =
  { step: "idle" } | { step: "checking" } | { step: "done"; outcome: Outcome | VerifyUnchecked };

export function useVerifyRun<Outcome>(check: () => Promise<Outcome | VerifyUnchecked>) {
  const online = useOnline();
  const [state, setState] = useState<VerifyRunState<Outcome>>({ step: "idle" });
  const checking = state.step === "checking";

  const verify = async () => {
    if (checking) return;
    if (!online) {
      setState({ step: "done", outcome: { status: "offline" } });
      return;
    }
    setState({ step: "checking" });
    let outcome: Outcome | VerifyUnchecked;
    try {
      outcome = await check();
    } catch (error) {
      // A verifier bug; the screen says "unavailable".
      console.error("verify failed", error);
      outcome = { status: "unavailable", code: "BAD_RESPONSE" };
    }
    setState({ step: "done", outcome });
  };

  return { state, checking, verify };
}
