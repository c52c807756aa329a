// The operator session of this tab, for the console's screens.
import { useSyncExternalStore } from "react";
import {
  operatorState,
  subscribeOperator,
  type OperatorState,
} from "../../sync/admin/operator-session";

export function useOperator(): OperatorState {
  return useSyncExternalStore(subscribeOperator, operatorState, operatorState);
}
