// What a role may do, as the server's permission hook decides it (protocol/operators.ts, the
// brief's contract): the console only hides what the server would refuse anyway.
import type { OperatorRole } from "../../sync/admin/console";

export const canReview = (role: OperatorRole) => role === "admin" || role === "reviewer";
export const canManage = (role: OperatorRole) => role === "admin";
