// The path a request is decided on. Limits and the app shell must look at what the router sees,
// not the raw URL: find-my-way decodes percent-escapes (`/%61pi` routes as `/api`) and ignores
// `;params`, so a check on the raw text is bypassed by re-spelling the same path.

/**
 * The raw URL's path as a router would resolve it: query and `;params` cut, percent-escapes
 * decoded, empty and `.` segments dropped, `..` applied, lower-cased. Used where no route matched
 * (404s) and as a second opinion where one did.
 */
export function normalisedPath(url: string): string {
  const raw = url.split(/[?#;]/, 1)[0] ?? "/";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: fastify answers it 400 before routing; judge the text as it is.
  }
  const segments: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`.toLowerCase();
}
