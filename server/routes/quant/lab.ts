// /quant — the lab's part (domain/quant/jobs, README.md there): the strategies and their
// parameter ranges, the plan catalogue with each plan's recorded backtest (both public), and the
// user's backtests and optimisations, queued here and computed by the job runner's worker threads
// off the request path. The plans' subscriptions are routes/quant/plans*.ts.
import type { FastifyPluginAsync } from "fastify";
import { quantEndpoints } from "../../../protocol/endpoints";
import { listPlans } from "../../domain/quant/jobs/plan-catalogue";
import {
  getBacktest,
  getOptimisation,
  listBacktests,
  listOptimisations,
} from "../../domain/quant/jobs/read-jobs";
import { submitBacktest, submitOptimisation } from "../../domain/quant/jobs/submit-job";
import { strategyInfos } from "../../domain/quant/strategies";
import { ok } from "../../plugins/envelope";
import { defineRoute, pageOf } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const quantLabRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, quantEndpoints.strategies, async () => ok(strategyInfos()));

  defineRoute(app, quantEndpoints.plans, async () =>
    ok(await listPlans(app.db, app.config.mode === "demo")),
  );

  defineRoute(app, quantEndpoints.runBacktest, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    return ok(await submitBacktest(app.db, { userId, body: request.body, idempotencyKey }));
  });

  defineRoute(app, quantEndpoints.backtest, async (request) =>
    ok(await getBacktest(app.db, signedInUser(request).id, request.params.id)),
  );

  defineRoute(app, quantEndpoints.backtests, async (request) =>
    ok(await listBacktests(app.db, signedInUser(request).id, pageOf(request.query))),
  );

  defineRoute(app, quantEndpoints.runOptimisation, async (request) => {
    const userId = signedInUser(request).id;
    const idempotencyKey = request.headers["idempotency-key"];
    return ok(await submitOptimisation(app.db, { userId, body: request.body, idempotencyKey }));
  });

  defineRoute(app, quantEndpoints.optimisation, async (request) =>
    ok(await getOptimisation(app.db, signedInUser(request).id, request.params.id)),
  );

  defineRoute(app, quantEndpoints.optimisations, async (request) =>
    ok(await listOptimisations(app.db, signedInUser(request).id, pageOf(request.query))),
  );
};
