// The single `instance` row (migration 001): which database this is and which mode owns it.
import type { QuantaMode } from "../../../protocol/health";
import type { Queryable } from "../db";

export interface Instance {
  id: string;
  mode: QuantaMode;
  createdAt: Date;
}

export class InstanceModeError extends Error {
  constructor(stored: QuantaMode, wanted: QuantaMode) {
    super(
      `This database belongs to a ${stored}-mode Quanta; refusing to start in ${wanted} mode. ` +
        "Demo funds must never reach production, nor real accounts a demo. Use another database.",
    );
    this.name = "InstanceModeError";
  }
}

/**
 * Claims the database for `mode` on first start; afterwards only a server of the same mode may
 * use it (the row's trigger also forbids changing the mode).
 */
export async function claimInstance(db: Queryable, mode: QuantaMode): Promise<Instance> {
  await db.query("UPDATE instance SET mode = $1 WHERE mode IS NULL", [mode]);
  const [row] = await db.query<{ id: string; mode: QuantaMode; created_at: Date }>(
    "SELECT id, mode, created_at FROM instance",
  );
  if (!row) throw new Error("The instance row is missing; migration 001 did not run");
  if (row.mode !== mode) throw new InstanceModeError(row.mode, mode);
  return { id: row.id, mode: row.mode, createdAt: row.created_at };
}
