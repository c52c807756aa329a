// What the signed-in operator may do: the permissions GET /admin/session lists (protocol/operators.ts,
// the one place roles are defined). The console only hides what the server would refuse anyway.
import type { OperatorSessionView, Permission } from "../../../protocol/operators";

export function allows(session: OperatorSessionView | null, permission: Permission): boolean {
  return session?.permissions.includes(permission) ?? false;
}
