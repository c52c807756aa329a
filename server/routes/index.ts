// Registers every route area. An area is a folder under routes/ exporting a plugin; API areas
// mount under API_BASE with their own prefix, e.g.
//   await app.register(systemRoutes, { prefix: `${API_BASE}/system` });
import type { FastifyInstance } from "fastify";
import { CONTENT_IMAGE_BASE } from "../../protocol/content";
import type { QuantaMode } from "../../protocol/health";
import { API_BASE, RPC_PATH, WS_BASE } from "../../protocol/paths";
import { adminRoutes } from "./admin/index";
import { assetsRoutes } from "./assets/index";
import { authRoutes } from "./auth/index";
import { contractRoutes } from "./contract/index";
import { docsRoutes } from "./docs/index";
import { healthRoutes } from "./health/index";
import { inviteRoutes } from "./invite/index";
import { marketRoutes } from "./market/index";
import { marketSocketRoutes } from "./market/sockets";
import { optionsRoutes } from "./options/index";
import { profileArea } from "./profile/index";
import { quantLabRoutes } from "./quant/lab";
import { quantPlanRoutes } from "./quant/plans";
import { rpcRoutes } from "./rpc/index";
import { storageRoutes } from "./storage/index";
import { spotRoutes } from "./spot/index";
import { contentImageRoutes } from "./system/content-images";
import { systemRoutes } from "./system/index";
import { accountSocketRoutes, syncRoutes } from "./sync/index";
import { walletRoutes } from "./wallet/index";

export interface RouteContext {
  mode: QuantaMode;
  version: string;
}

export async function registerRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  await app.register(healthRoutes, context);
  await app.register(authRoutes, { prefix: `${API_BASE}/auth` });
  await app.register(profileArea, { prefix: `${API_BASE}/profile` });
  await app.register(storageRoutes, { prefix: `${API_BASE}/storage` });
  await app.register(adminRoutes, { prefix: `${API_BASE}/admin` });
  await app.register(systemRoutes, { prefix: `${API_BASE}/system` });
  await app.register(marketRoutes, { prefix: `${API_BASE}/market` });
  await app.register(walletRoutes, { prefix: `${API_BASE}/wallet` });
  await app.register(assetsRoutes, { prefix: `${API_BASE}/assets` });
  await app.register(spotRoutes, { prefix: `${API_BASE}/spot` });
  await app.register(optionsRoutes, { prefix: `${API_BASE}/options` });
  await app.register(contractRoutes, { prefix: `${API_BASE}/contract` });
  await app.register(quantLabRoutes, { prefix: `${API_BASE}/quant` });
  await app.register(quantPlanRoutes, { prefix: `${API_BASE}/quant` });
  // JSON-RPC to the demo dev chain, not enveloped (routes/rpc).
  await app.register(rpcRoutes, { prefix: RPC_PATH });
  // Article covers, outside /api ("/content/" without its trailing slash as the prefix).
  await app.register(contentImageRoutes, { prefix: CONTENT_IMAGE_BASE.replace(/\/$/, "") });
  await app.register(syncRoutes, { prefix: API_BASE });
  await app.register(inviteRoutes, { prefix: API_BASE });
  await app.register(accountSocketRoutes, { prefix: WS_BASE });
  await app.register(marketSocketRoutes, { prefix: WS_BASE });
  // The contract published (OpenAPI and a readable page), under /api but outside API_BASE.
  await app.register(docsRoutes, { version: context.version });
}
