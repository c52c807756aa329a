// GET /admin/ledger/check: every ledger invariant and the hash chain (same as npm run
// ledger:check). 200 either way; `ok` and `violations` say whether the ledger is sound.
import type { FastifyPluginAsync } from "fastify";
import { adminEndpoints } from "../../../protocol/endpoints";
import { checkLedger } from "../../domain/ledger/check-ledger";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";

export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminEndpoints.ledgerCheck, async () => ok(await checkLedger(app.db)));
};
