// /admin/settings: the public settings (pitch, subscribe, footer) per language, which operators
// edit (issue 22). GET needs `read`, PUT `manage`. An edited row is kept over the seed.
import { Type } from "@sinclair/typebox";
import { LANGS, SETTING_ALIASES } from "../content";
import { API_BASE } from "../paths";
import type { AdminSetting } from "../settings-admin";
import { described, oneOf } from "./common";
import { endpoint } from "./endpoint";

const SETTINGS = `${API_BASE}/admin/settings`;

export const adminSettingsEndpoints = {
  settings: endpoint({
    method: "GET",
    path: SETTINGS,
    summary: "Every setting in every language, with its origin (seed or operator)",
    access: "operator",
    answer: Type.Array(described<AdminSetting>("a setting in one language")),
  }),
  editSetting: endpoint({
    method: "PUT",
    path: `${SETTINGS}/:alias/:lang`,
    summary: "Replace a setting's dataset in one language (audited; kept over the seed)",
    access: "operator",
    permission: "manage",
    params: Type.Object({ alias: oneOf(SETTING_ALIASES), lang: oneOf(LANGS) }),
    // Checked by the domain against the alias's shape (protocol/settings-admin.ts), so a bad
    // dataset gets a 400 naming the exact field.
    body: Type.Object({ dataset: Type.Unknown() }, { description: "{ dataset }" }),
    bodyAsValidated: null,
    answer: described<AdminSetting>("the edited setting"),
  }),
};
