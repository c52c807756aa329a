// WITHDRAWAL_SECOND_APPROVAL_ABOVE: the USDT amount above which a withdrawal needs a second
// operator's approval (issue 22). Kept as a normalised decimal string so the configuration stays
// printable; the domain compares in units. "0" puts every withdrawal under two-person review.
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits, isDecimalString, parseUnits } from "../../../protocol/decimal";

export interface WithdrawalApprovalConfig {
  /** USDT, decimal string: amounts strictly above it need two approvals. */
  secondApprovalAbove: string;
}

export const DEFAULT_SECOND_APPROVAL_ABOVE = "1000";

export function parseWithdrawalApprovalConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): WithdrawalApprovalConfig {
  const value = read("WITHDRAWAL_SECOND_APPROVAL_ABOVE");
  if (value === undefined) return { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE };
  const dot = value.indexOf(".");
  const places = dot < 0 ? 0 : value.length - dot - 1;
  if (!isDecimalString(value) || value.startsWith("-") || places > USDT_SCALE) {
    problems.push(
      `WITHDRAWAL_SECOND_APPROVAL_ABOVE must be a USDT amount like "1000" or "2500.5", at most 6 decimals (got "${value}")`,
    );
    return { secondApprovalAbove: DEFAULT_SECOND_APPROVAL_ABOVE };
  }
  return { secondApprovalAbove: formatUnits(parseUnits(value, USDT_SCALE), USDT_SCALE) };
}

/** How many approvals a withdrawal of `amountUnits` (USDT units) needs under this rule. */
export function approvalsRequired(config: WithdrawalApprovalConfig, amountUnits: bigint): 1 | 2 {
  return amountUnits > parseUnits(config.secondApprovalAbove, USDT_SCALE) ? 2 : 1;
}
