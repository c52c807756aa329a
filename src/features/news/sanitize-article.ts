// Article HTML is sanitised again on the device before it is rendered, with the same allow-list
// the server applies (protocol/content.ts Article.body): IndexedDB is writable by anything that
// runs on this origin, so what comes out of it is not trusted either. Imported only by the
// article screen, so DOMPurify stays in that route's chunk, out of the entry.
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";

export const ARTICLE_TAGS = [
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
];

// No whitespace or control characters anywhere: browsers strip tabs and new lines from URLs, so
// "/\t/evil.example" would become the protocol-relative "//evil.example".
const IN_APP_HREF = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
const HTTPS_HREF = /^https:\/\/[^\s\\\p{Cc}]+$/iu;

/** What a link in an article may point to: an https page or an in-app path; else nothing. */
export function articleHrefKind(href: string): "https" | "in-app" | null {
  if (IN_APP_HREF.test(href)) return "in-app";
  if (!HTTPS_HREF.test(href)) return null;
  try {
    return new URL(href).protocol === "https:" ? "https" : null;
  } catch {
    return null;
  }
}

let purifier: Purifier | null = null;

// An instance of its own, so its link hook never touches another user of DOMPurify.
function getPurifier(): Purifier {
  if (purifier !== null) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    const kind = articleHrefKind(href);
    // rel and target are never taken from the input: only written here.
    node.removeAttribute("target");
    node.removeAttribute("rel");
    if (kind === "https") {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    } else if (kind === null) {
      // A link to anywhere else (javascript:, data:, http:, //host) keeps only its text.
      node.removeAttribute("href");
    }
  });
  purifier = instance;
  return instance;
}

/** The body as safe HTML: only the allow-listed tags, only safe links, no attributes else. */
export function sanitizeArticleBody(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: ARTICLE_TAGS,
    ALLOWED_ATTR: ["href"],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Never parse as a full document or keep anything around the body.
    WHOLE_DOCUMENT: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
