// Who did an operator action, as the audit log records it: a signed-in operator (user id and
// "operator:<username>") or a shell user running `npm run admin` ("cli:<os user>", no user id).
export interface OperatorActor {
  id: string | null;
  label: string;
}

export function operatorActor(user: { id: string; username: string | null }): OperatorActor {
  return { id: user.id, label: `operator:${user.username ?? user.id}` };
}

/** OS user names are short and plain; anything else is replaced so the label stays readable. */
export function cliActor(osUser: string): OperatorActor {
  const name = osUser.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 64) || "unknown";
  return { id: null, label: `cli:${name}` };
}
