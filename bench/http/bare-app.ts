// The http benchmark's baseline: a bare Fastify app (no plugin, no hook, no logger, no schema)
// answering the two measured reads with what Quanta's routes answer, from the same sources.
// - tickers: the envelope around the feed's in-memory tickers (its own MarketReadModel over the
//   same running feed, so both apps compute the same answer the same way);
// - overview: the bearer token's session looked up as the auth plugin does (one query), then the
//   domain's assetsOverview on the same database pool — the very queries of the real route.
import Fastify, { type FastifyInstance } from "fastify";
import { API_BASE } from "../../protocol/paths";
import type { Db } from "../../server/db/db";
import { findLiveSession } from "../../server/db/repositories/session-repository";
import { assetsOverview } from "../../server/domain/assets/assets-overview";
import { hashToken, SESSION_IDLE_SECONDS, tokenFromHeader } from "../../server/domain/auth/tokens";
import type { MarketReadModel } from "../../server/market/market-read-model";

export const TICKERS_PATH = `${API_BASE}/market/tickers`;
export const OVERVIEW_PATH = `${API_BASE}/assets/overview`;

export function buildBareApp(db: Db, reads: MarketReadModel): FastifyInstance {
  const bare = Fastify({ logger: false });
  bare.get(TICKERS_PATH, async () => ({
    HttpStatusCode: 200,
    Message: "OK",
    Data: await reads.tickers(),
  }));
  bare.get(OVERVIEW_PATH, async (request, reply) => {
    const token = tokenFromHeader(request.headers.authorization);
    const session =
      token === null ? null : await findLiveSession(db, hashToken(token), SESSION_IDLE_SECONDS);
    if (session === null) {
      reply.code(401);
      return { HttpStatusCode: 401, Message: "Sign in first", Data: null };
    }
    return { HttpStatusCode: 200, Message: "OK", Data: await assetsOverview(db, session.user_id) };
  });
  return bare;
}
