// /ws/data, /ws/depth, /ws/kdata (API.md "Websockets"), under WS_BASE, public. No schema: a bad
// query is answered on the open socket with an error frame (the client may then subscribe),
// never as an HTTP answer to the upgrade, which browsers hide.
import type { FastifyPluginAsync } from "fastify";
import { socketEndpoints } from "../../../protocol/endpoints";
import { FEED_ENDPOINTS } from "../../market/hub/client-frames";
import { socketRoute } from "../../plugins/websocket";
import { pathUnder } from "../define-route";

export const marketSocketRoutes: FastifyPluginAsync = async (app) => {
  for (const endpoint of FEED_ENDPOINTS) {
    socketRoute(app, pathUnder(app, socketEndpoints[endpoint].path), (socket, request) =>
      app.marketHub.accept(socket, endpoint, request.query),
    );
  }
};
