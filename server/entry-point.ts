// Whether a module is the script Node was started with (`node --import tsx server/main.ts`), as
// opposed to being imported (by tests or scripts/start.ts). Symlinks resolved on both sides.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
