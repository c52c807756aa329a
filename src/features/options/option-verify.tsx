// Placeholder until the verifier's component lands: the lead replaces this file with the one
// that renders "Verify" (options-verify) and its verdict (options-verify-result).
import type { OptionsOrder } from "../../../protocol/options";

export function OptionVerify(_props: { order: OptionsOrder }) {
  return null;
}
