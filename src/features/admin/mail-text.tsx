// A mail's plain text with its web addresses as links. Only http(s) addresses become links (never
// javascript: or data:), and they open in a new tab without access back to the console.
import { Fragment } from "react";

const WEB_ADDRESS = /https?:\/\/[^\s<>"]+/g;
// Punctuation that ends a sentence rather than the address ("… at https://x.org.").
const TRAILING = /[.,;:!?)\]]+$/;

export type MailPart = { kind: "text"; text: string } | { kind: "link"; href: string };

export function mailParts(text: string): MailPart[] {
  const parts: MailPart[] = [];
  let at = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const href = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > at) parts.push({ kind: "text", text: text.slice(at, start) });
    parts.push({ kind: "link", href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}

export function MailText(props: { text: string }) {
  return (
    <pre className="q-admin-mail" data-testid="mail-text">
      {mailParts(props.text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </pre>
  );
}
