// `npm run admin -- …` inside the test process: `runAdminCli`, the function the entry point runs,
// with the same parsing, configuration, lock check, admin socket and messages as a child process,
// without the ~2 s of CPU a `node --import tsx` start costs. CLI test files keep a real process
// for each path they cover (the server stopped, the server running) and run the rest here.
import { runAdminCli } from "../../../server/cli/admin";
import { childEnv } from "./child-process";

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

export async function adminInProcess(
  env: Record<string, string>,
  ...args: string[]
): Promise<CliOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(args, childEnv(env), {
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}
