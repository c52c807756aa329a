// The probes of the components that exist at start (the mapping is in README.md). The market
// registers "live" once its feed runs (workers.ts), and the lab's job runner "lab", "backtest" and
// "optimise" (domain/quant/jobs/job-probes.ts).
import { constants } from "node:fs";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import type { ServiceKey } from "../../../protocol/content";
import type { Queryable } from "../../db/db";
import { readMigrations } from "../../db/migration-files";
import { englishContentPresent } from "../../db/repositories/content-repository";
import { changeLogProbe, databaseProbe } from "../../db/repositories/status-repository";
import type { Probe } from "./probes";

export interface ProbeContext {
  db: Queryable;
  /** The built app (config.appDistDir). */
  appDistDir: string;
  /** The newest migration this code ships; default: read from server/db/migrations. */
  expectedMigration?: Promise<number>;
}

export function builtInProbes(ctx: ProbeContext): Partial<Record<ServiceKey, Probe>> {
  const expected =
    ctx.expectedMigration ?? readMigrations().then((files) => files.at(-1)?.version ?? 0);
  // A rejection here is reported by the api probe, not as an unhandled rejection.
  expected.catch(() => undefined);
  return {
    web: async () => {
      const index = path.join(ctx.appDistDir, "index.html");
      await access(index, constants.R_OK);
      const html = await readFile(index, "utf8");
      return html.includes("<")
        ? { state: "up", detail: null }
        : { state: "down", detail: "index.html is not HTML" };
    },
    api: async () => {
      const { ok, version } = await databaseProbe(ctx.db);
      const want = await expected;
      if (!ok) return { state: "down", detail: "SELECT 1 returned no row" };
      return version === want
        ? { state: "up", detail: null }
        : {
            state: "down",
            detail: `schema at migration ${version ?? "none"}, code expects ${want}`,
          };
    },
    community: async () => {
      const { articles, links } = await englishContentPresent(ctx.db);
      return articles && links
        ? { state: "up", detail: null }
        : { state: "down", detail: "the content store has no English articles or links" };
    },
    coding: async () => {
      await changeLogProbe(ctx.db);
      return { state: "up", detail: null };
    },
  };
}
