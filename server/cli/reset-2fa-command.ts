// `npm run admin -- reset-2fa <username>` (domain/operators/reset-second-factor.ts): argv and
// socket JSON to the command, the command to its result, the result to what the CLI prints.
import type { Db } from "../db/db";
import type { OperatorActor } from "../domain/operators/operator-actor";
import { resetSecondFactor, type SecondFactorReset } from "../domain/operators/reset-second-factor";

export type Reset2faCommand = { name: "reset-2fa"; username: string };
export type Reset2faResult = { kind: "second-factor-reset" } & SecondFactorReset;

export const RESET_2FA_USAGE = `  reset-2fa <username>      clear an operator's TOTP secret and recovery codes and end their
                            sessions: the next sign-in enrols a new authenticator`;

export function parseReset2faArgs(args: readonly string[]): Reset2faCommand | { error: string } {
  const [username, ...rest] = args;
  if (username === undefined || username.startsWith("--") || rest.length > 0) {
    return { error: '"reset-2fa" takes exactly one argument: <username>.' };
  }
  return { name: "reset-2fa", username };
}

export function reset2faCommandFromJson(v: Record<string, unknown>): Reset2faCommand | null {
  const { username } = v;
  if (typeof username !== "string" || username.length === 0 || username.length > 100) return null;
  return { name: "reset-2fa", username };
}

export async function runReset2faCommand(
  db: Db,
  command: Reset2faCommand,
  actor: OperatorActor,
): Promise<Reset2faResult> {
  return { kind: "second-factor-reset", ...(await resetSecondFactor(db, actor, command.username)) };
}

export function describeReset2faResult(result: Reset2faResult): string {
  const dropped = result.hadTotp
    ? `TOTP secret and ${result.recoveryCodesDropped} recovery code(s) removed`
    : "no TOTP secret was enrolled";
  return (
    `Reset the second factor of operator "${result.username}" (user ${result.userId}): ` +
    `${dropped}, ${result.sessionsEnded} session(s) ended. ` +
    "Their next sign-in at /admin enrols a new authenticator."
  );
}
