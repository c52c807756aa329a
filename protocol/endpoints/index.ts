// The endpoint contract: every route the server registers, by area. The server registers from
// these records (server/routes/define-route.ts), the app calls through them (src/api/call.ts)
// and GET /api/docs publishes them as OpenAPI.
import { adminEndpoints } from "./admin";
import { adminArticleEndpoints } from "./admin-articles";
import { adminChainEndpoints } from "./admin-chain";
import { adminPromotionsEndpoints } from "./admin-promotions";
import { adminSessionEndpoints } from "./admin-session";
import { adminSettingsEndpoints } from "./admin-settings";
import { adminUsersEndpoints } from "./admin-users";
import { assetsEndpoints } from "./assets";
import { authEndpoints } from "./auth";
import { contractEndpoints } from "./contract";
import { docsEndpoints } from "./docs";
import type { EndpointSpec } from "./endpoint";
import { healthEndpoints } from "./health";
import { inviteEndpoints } from "./invite";
import { marketEndpoints } from "./market";
import { optionsEndpoints } from "./options";
import { profileEndpoints } from "./profile";
import { quantEndpoints } from "./quant";
import { rpcEndpoints } from "./rpc";
import { socketEndpoints } from "./sockets";
import { spotEndpoints } from "./spot";
import { storageEndpoints } from "./storage";
import { syncEndpoints } from "./sync";
import { systemEndpoints } from "./system";
import { walletEndpoints } from "./wallet";

export * from "./common";
export * from "./endpoint";
export {
  adminArticleEndpoints,
  adminEndpoints,
  adminChainEndpoints,
  adminPromotionsEndpoints,
  adminSessionEndpoints,
  adminSettingsEndpoints,
  adminUsersEndpoints,
  assetsEndpoints,
  authEndpoints,
  contractEndpoints,
  docsEndpoints,
  healthEndpoints,
  inviteEndpoints,
  marketEndpoints,
  optionsEndpoints,
  profileEndpoints,
  quantEndpoints,
  rpcEndpoints,
  socketEndpoints,
  spotEndpoints,
  storageEndpoints,
  syncEndpoints,
  systemEndpoints,
  walletEndpoints,
};

/** Every endpoint by area, in the order /api/docs lists them. */
export const ENDPOINT_AREAS = {
  health: healthEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  storage: storageEndpoints,
  system: systemEndpoints,
  sync: syncEndpoints,
  assets: assetsEndpoints,
  invite: inviteEndpoints,
  wallet: walletEndpoints,
  spot: spotEndpoints,
  options: optionsEndpoints,
  contract: contractEndpoints,
  quant: quantEndpoints,
  market: marketEndpoints,
  rpc: rpcEndpoints,
  adminSession: adminSessionEndpoints,
  admin: adminEndpoints,
  adminChain: adminChainEndpoints,
  adminUsers: adminUsersEndpoints,
  adminArticles: adminArticleEndpoints,
  adminSettings: adminSettingsEndpoints,
  adminPromotions: adminPromotionsEndpoints,
  sockets: socketEndpoints,
  docs: docsEndpoints,
} as const;

export type EndpointArea = keyof typeof ENDPOINT_AREAS;

export const ENDPOINTS: readonly (EndpointSpec & { area: EndpointArea })[] = Object.entries(
  ENDPOINT_AREAS,
).flatMap(([area, endpoints]) =>
  Object.values(endpoints).map((spec: EndpointSpec) => ({ ...spec, area: area as EndpointArea })),
);
