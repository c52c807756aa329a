// GET /sync: the user's change log, one page at a time (protocol/sync.ts).
import { Type } from "@sinclair/typebox";
import { API_BASE } from "../paths";
import type { SyncPage } from "../sync";
import { endpoint } from "./endpoint";

/**
 * Loose on purpose: each change's `data` depends on its entity (protocol/sync.ts is the type).
 * The cursor is checked by the domain, whose message says what a cursor is.
 */
const SyncPageAnswer = Type.Unsafe<SyncPage>(
  Type.Object({
    changes: Type.Array(Type.Object({}, { description: "{ entity, id, op, data }" })),
    cursor: Type.String(),
    hasMore: Type.Boolean(),
  }),
);

export const syncEndpoints = {
  sync: endpoint({
    method: "GET",
    path: `${API_BASE}/sync`,
    summary: "The user's change log, from `cursor` on",
    access: "user",
    query: Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 40 })) }),
    answer: SyncPageAnswer,
  }),
};
