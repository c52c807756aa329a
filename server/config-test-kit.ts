// Shared by loadConfig's tests (config-*.test.ts): the working directory they load with, and the
// problems an environment loadConfig refuses reports. Not used by the server.
import { ConfigError, loadConfig, type Env } from "./config";

export const CWD = "/srv/quanta";

export function problemsOf(env: Env): readonly string[] {
  try {
    loadConfig(env, CWD);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error("expected a ConfigError");
}
