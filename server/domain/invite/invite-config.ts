// The invitation reward rule, the invite part of config.ts: how much a referrer earns (bill 105,
// USDT) once an invitee meets the rule, and the rule itself. Defaults: 5 USDT when the invitee
// has passed identity review and has deposited (bill 101) at least 100 USDT in total. Amounts
// are units (bigint); the reward is paid only from the funded promotions account.
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits, isDecimalString, parseUnits } from "../../../protocol/decimal";

export interface InviteRule {
  /** USDT units paid to the referrer per qualifying invitee; 0 switches rewards off. */
  reward: bigint;
  /** USDT units the invitee must have deposited (bills 101) in total. */
  minDeposit: bigint;
  /** Whether the invitee must have passed identity review. */
  needsVerification: boolean;
}

export const DEFAULT_INVITE_RULE: InviteRule = {
  reward: 5_000_000n,
  minDeposit: 100_000_000n,
  needsVerification: true,
};

/** A reward above this is a typo (an amount in units, say), not a promotion. */
const MAX_REWARD = 10_000_000_000n;

export function parseInviteRule(
  read: (name: string) => string | undefined,
  problems: string[],
): InviteRule {
  const reward = usdt(read, "INVITE_REWARD_USDT", DEFAULT_INVITE_RULE.reward, problems);
  const minDeposit = usdt(
    read,
    "INVITE_REWARD_MIN_DEPOSIT_USDT",
    DEFAULT_INVITE_RULE.minDeposit,
    problems,
  );
  if (reward > MAX_REWARD) {
    problems.push(`INVITE_REWARD_USDT must be at most ${formatUnits(MAX_REWARD, USDT_SCALE)}`);
  }
  const verification = read("INVITE_REWARD_NEEDS_VERIFICATION");
  let needsVerification = DEFAULT_INVITE_RULE.needsVerification;
  if (verification === "true" || verification === "false") {
    needsVerification = verification === "true";
  } else if (verification !== undefined) {
    problems.push(
      `INVITE_REWARD_NEEDS_VERIFICATION must be "true" or "false" (got "${verification}")`,
    );
  }
  return withJson({ reward, minDeposit, needsVerification });
}

/**
 * The rule, printable: the config is logged and JSON.stringify cannot write a bigint, so the
 * rule writes its amounts as USDT decimal strings (a non-enumerable toJSON: equality ignores it).
 */
function withJson(rule: InviteRule): InviteRule {
  return Object.defineProperty(rule, "toJSON", {
    enumerable: false,
    value: () => ({
      reward: formatUnits(rule.reward, USDT_SCALE),
      minDeposit: formatUnits(rule.minDeposit, USDT_SCALE),
      needsVerification: rule.needsVerification,
    }),
  });
}

function usdt(
  read: (name: string) => string | undefined,
  name: string,
  fallback: bigint,
  problems: string[],
): bigint {
  const value = read(name);
  if (value === undefined) return fallback;
  if (!isDecimalString(value) || value.startsWith("-") || decimals(value) > USDT_SCALE) {
    problems.push(
      `${name} must be a USDT amount like "5" or "2.5", at most 6 decimals (got "${value}")`,
    );
    return fallback;
  }
  return parseUnits(value, USDT_SCALE);
}

function decimals(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}
