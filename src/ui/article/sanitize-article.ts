// Article HTML is sanitised again on the device before it is rendered, with the same allow-list
// the server applies (protocol/article-html.ts): IndexedDB is writable by anything that
// runs on this origin, so what comes out of it is not trusted either. Imported only by the
// article body (the article screen and the console's preview), so DOMPurify stays in those
// routes' chunks, out of the entry.
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { ARTICLE_BODY_TAGS, articleHrefKind } from "../../../protocol";

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
    ALLOWED_TAGS: [...ARTICLE_BODY_TAGS],
    ALLOWED_ATTR: ["href"],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Never parse as a full document or keep anything around the body.
    WHOLE_DOCUMENT: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
