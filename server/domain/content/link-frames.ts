// Which operator links the in-app viewer (/web) may show in a frame. Two keys must both turn: the
// operator marks the link frameable (links.frameable, `npm run admin -- link set <id>
// --frameable yes`), and its origin is one the CSP's frame-src admits — this list, which
// plugins/security-headers.ts adds to frame-src. It is empty: no outside page is framed until a
// deployment reviews one and adds its origin here. Every other link opens in the browser.
export const LINK_FRAME_ORIGINS: readonly string[] = [];

/** True when the viewer may frame `url`: an https URL whose origin is admitted above. */
export function frameAllowed(
  url: string,
  origins: readonly string[] = LINK_FRAME_ORIGINS,
): boolean {
  if (!url.startsWith("https://")) return false;
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}
