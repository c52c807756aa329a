// The one gate article HTML passes before it is stored (seed and operator input alike): the
// allow-list of protocol/content.ts `Article.body`. The app renders the stored body as HTML, so
// anything that could run script or load a resource must die here, not in the browser.
import sanitizeHtml from "sanitize-html";

export const ALLOWED_BODY_TAGS = [
  "p",
  "h2",
  "h3",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "a",
  "blockquote",
  "br",
] as const;

// No whitespace or control characters anywhere: browsers strip tabs and new lines from URLs, so
// "/\t/evil.example" would become the protocol-relative "//evil.example".
const IN_APP_HREF = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
const HTTPS_HREF = /^https:\/\/[^\s\\\p{Cc}]+$/iu;

/** An href the allow-list keeps: https pages (opened in a new tab) and in-app paths. */
export function safeHref(href: string): "https" | "in-app" | null {
  if (IN_APP_HREF.test(href)) return "in-app";
  if (!HTTPS_HREF.test(href)) return null;
  try {
    return new URL(href).protocol === "https:" ? "https" : null;
  } catch {
    return null;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_BODY_TAGS],
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
      const kind = safeHref(href);
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
