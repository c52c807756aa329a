// The mail part of config.ts: SMTP_URL (nodemailer's smtp:// or smtps:// URL, credentials in it)
// and MAIL_FROM. Demo without SMTP_URL runs the in-process SMTP sink (demo-sink.ts); production
// without it sends no mail (subscriptions wait, newsletters are refused as UNAVAILABLE).

export type MailConfig =
  | { kind: "smtp"; url: string; from: string }
  | { kind: "demo-sink"; from: string }
  | { kind: "none"; from: string };

export const DEFAULT_MAIL_FROM = "Quanta <newsletter@quanta.localhost>";

export function parseMailConfig(
  read: (name: string) => string | undefined,
  mode: "demo" | "production",
  problems: string[],
): MailConfig {
  const from = read("MAIL_FROM") ?? DEFAULT_MAIL_FROM;
  // A display name and an address in angle brackets, or a bare address: nothing that could add a header.
  if (!/^(?:[^<>\r\n"]{0,100} )?<?[^\s<>@]+@[^\s<>@]+>?$/.test(from)) {
    problems.push(
      `MAIL_FROM must be an address like "Quanta <news@quanta.example>" (got "${from}")`,
    );
  }
  const url = read("SMTP_URL");
  if (url === undefined)
    return mode === "demo" ? { kind: "demo-sink", from } : { kind: "none", from };
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") ||
    !parsed.hostname
  ) {
    // Never echo the value: it usually carries a password.
    const scheme = parsed ? `a ${parsed.protocol}// URL` : "not a URL";
    problems.push(`SMTP_URL must be an smtp:// or smtps:// URL (got ${scheme})`);
    return { kind: "none", from };
  }
  return { kind: "smtp", url, from };
}
