// The home page's service-status rows: the protocol's service keys with their names in the
// reader's language, and the state words (never colour alone).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceKey, ServiceState } from "../../../protocol";

export const SERVICE_NAMES: Record<ServiceKey, MessageDescriptor> = {
  web: msg`Web page`,
  lab: msg`Algorithm lab`,
  community: msg`Community service`,
  coding: msg`Coding`,
  backtest: msg`Backtesting`,
  live: msg`Live trading`,
  optimise: msg`Parameter optimisation`,
  api: msg`API service`,
};

export const SERVICE_STATES: Record<ServiceState, MessageDescriptor> = {
  up: msg`Operational`,
  degraded: msg`Degraded`,
  down: msg`Down`,
};
