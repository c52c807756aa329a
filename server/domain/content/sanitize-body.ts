// The one gate article HTML passes before it is stored (seed and operator input alike): the
// allow-list of protocol/article-html.ts. The app renders the stored body as HTML, so
// anything that could run script or load a resource must die here, not in the browser.
import sanitizeHtml from "sanitize-html";
import { ARTICLE_BODY_TAGS, articleHrefKind } from "../../../protocol/article-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_BODY_TAGS],
  // rel and target are never taken from the input: the transform below writes them.
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["https"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Unknown tags go, their text stays; script, style and the like go with their content.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title"],
  transformTags: {
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      const kind = articleHrefKind(href);
      if (kind === "https") {
        return {
          tagName: "a",
          attribs: { href, rel: "noopener noreferrer", target: "_blank" },
        };
      }
      if (kind === "in-app") return { tagName: "a", attribs: { href } };
      // A link to anywhere else (javascript:, data:, http:, //host) loses its href and is inert
      // text. (Renaming it to a dropped tag instead trips sanitize-html on nested anchors.)
      return { tagName: "a", attribs: {} };
    },
  },
};

/** The body as stored and served. Deterministic, so the seed can compare its output. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of a sanitised body, to refuse a body that sanitising emptied. */
export function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}
