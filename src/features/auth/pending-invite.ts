// The invite code of the link that brought this visitor (`/login?invite=CODE`), kept in
// sessionStorage until a sign-in succeeds: the visitor may wander off /login, reload, or open the
// wallet first, and the code must still reach signin-wallet. The server uses it only when the
// wallet signs in for the first time (an existing account keeps its referrer, or none).
const KEY = "quanta.invite";

function store(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage disabled (some private modes): the code then lasts as long as the page.
    return null;
  }
}

/** Remembers the link's code (the newest link wins). */
export function rememberInvite(code: string | undefined): void {
  if (code === undefined || code === "") return;
  try {
    store()?.setItem(KEY, code);
  } catch {
    // Quota or privacy settings: nothing to keep it in.
  }
}

/** The code to send with the sign-in: the current link's, else the remembered one. */
export function pendingInvite(fromLink: string | undefined): string | undefined {
  if (fromLink !== undefined && fromLink !== "") return fromLink;
  try {
    return store()?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** After a successful sign-in: the code has been used (or ignored) once and for all. */
export function forgetInvite(): void {
  try {
    store()?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
