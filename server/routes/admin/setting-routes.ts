// /admin/settings: operators read every public setting per language and replace one. Checked and
// audited by the domain (content/setting-admin.ts); an edited row is kept over the seed.
import type { FastifyPluginAsync } from "fastify";
import { adminSettingsEndpoints } from "../../../protocol/endpoints";
import { editSetting, listSettingsForOperators } from "../../domain/content/setting-admin";
import { operatorActor } from "../../domain/operators/operator-actor";
import { ok } from "../../plugins/envelope";
import { defineRoute } from "../define-route";
import { signedInUser } from "../signed-in-user";

export const settingRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, adminSettingsEndpoints.settings, async () =>
    ok(await listSettingsForOperators(app.db)),
  );

  defineRoute(app, adminSettingsEndpoints.editSetting, async (request) => {
    const actor = operatorActor(signedInUser(request));
    const { alias, lang } = request.params;
    return ok(await editSetting(app.db, actor, alias, lang, request.body));
  });
};
