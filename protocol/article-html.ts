// The allow-list of article HTML (Article.body), shared by the server's sanitiser (at write) and
// the app's (before rendering what IndexedDB holds), so both keep exactly the same things.

export const ARTICLE_BODY_TAGS = [
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
