// /admin/articles/:id: one article with every language's text, for the console's editor (issue
// 22). The list, create, edit and delete records live in ./admin.ts.
import { API_BASE } from "../paths";
import { described, SlugParams } from "./common";
import { endpoint } from "./endpoint";

export const adminArticleEndpoints = {
  article: endpoint({
    method: "GET",
    path: `${API_BASE}/admin/articles/:id`,
    summary: "One article with its texts in every language it has",
    access: "operator",
    params: SlugParams,
    answer: described<object>("an article with every language's texts"),
  }),
};
