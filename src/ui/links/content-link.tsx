// A link the operator configured (GET /system/link) or an article holds: an in-app path ("/…")
// navigates inside the app without a reload; https and mailto open outside it. Anything else is
// shown as plain text, never as a link (no javascript:, no data:).
import { useRouter } from "@tanstack/react-router";
import type { MouseEvent, ReactNode } from "react";

export type LinkKind = "in-app" | "external" | "none";

export function linkKind(url: string): LinkKind {
  // "//host" is protocol-relative: another site, not an in-app path.
  if (url.startsWith("/") && !url.startsWith("//")) return "in-app";
  if (/^https:\/\//i.test(url) || /^mailto:/i.test(url)) return "external";
  return "none";
}

export function ContentLink(props: {
  url: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const kind = linkKind(props.url);
  if (kind === "none") {
    return (
      <span className={props.className} data-testid={props.testId}>
        {props.children}
      </span>
    );
  }
  if (kind === "external") {
    // A mail link opens the mail app; a new tab would stay behind empty.
    const page = !/^mailto:/i.test(props.url);
    return (
      <a
        href={props.url}
        className={props.className}
        target={page ? "_blank" : undefined}
        rel="noopener noreferrer"
        data-testid={props.testId}
      >
        {props.children}
      </a>
    );
  }
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    // Navigation errors are swallowed (DESIGN §7): a superseded navigation is not a failure.
    router.navigate({ href: props.url }).catch(() => undefined);
  };
  return (
    <a href={props.url} className={props.className} onClick={open} data-testid={props.testId}>
      {props.children}
    </a>
  );
}
