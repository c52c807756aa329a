import { useLingui } from "@lingui/react/macro";
import type { OperatorRole } from "../../../protocol/operators";

export function useRoleName(role: OperatorRole): string {
  const { t } = useLingui();
  if (role === "admin") return t`Administrator`;
  if (role === "reviewer") return t`Reviewer`;
  return t`Support (read only)`;
}
