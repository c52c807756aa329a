import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** The main navigation of the seed, in its order; "Sign out" is added by the menu itself. */
export interface NavItem {
  to: string;
  label: MessageDescriptor;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/home", label: msg`Home` },
  { to: "/contract", label: msg`Contract` },
  { to: "/intelligent", label: msg`Intelligent quantification` },
  { to: "/options", label: msg`Options` },
  { to: "/spots", label: msg`Spot` },
  { to: "/withdrawal", label: msg`Withdraw` },
  { to: "/recharge", label: msg`Recharge` },
  { to: "/verified", label: msg`Verified` },
  { to: "/my", label: msg`Assets` },
  // Added by the local-first issue: the data and news area (not in the seed's menu).
  { to: "/data", label: msg`News and help` },
];
