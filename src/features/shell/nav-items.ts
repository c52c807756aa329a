import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgeCheck,
  Bot,
  ChartCandlestick,
  House,
  Newspaper,
  Timer,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from "lucide-react";

/** One place of the main navigation; "Settings" and "Sign out" are added by the menu itself. */
export interface NavItem {
  to: string;
  label: MessageDescriptor;
  /** A shorter label for the narrow tab bar, when `label` is long. */
  tabLabel?: MessageDescriptor;
  icon: LucideIcon;
  /** The screen works. A placeholder stays out of the tab bar and says "coming soon" in the menu. */
  live: boolean;
  /** Belongs in the bottom tab bar once live: flipping `live` is all a product needs to join it. */
  tab: boolean;
}

/** The seed's menu order (plus the news area, added by the local-first issue). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/home", label: msg`Home`, icon: House, live: true, tab: true },
  { to: "/contract", label: msg`Contract`, icon: TrendingUp, live: true, tab: true },
  {
    to: "/intelligent",
    label: msg`Intelligent quantification`,
    icon: Bot,
    live: false,
    tab: false,
  },
  // Live since the options issue; kept out of the tab bar so it stays five places wide at 390 px.
  { to: "/options", label: msg`Options`, icon: Timer, live: true, tab: false },
  { to: "/spots", label: msg`Spot`, icon: ChartCandlestick, live: true, tab: true },
  { to: "/withdrawal", label: msg`Withdraw`, icon: ArrowUpFromLine, live: true, tab: false },
  { to: "/recharge", label: msg`Recharge`, icon: ArrowDownToLine, live: true, tab: false },
  { to: "/verified", label: msg`Verified`, icon: BadgeCheck, live: true, tab: false },
  { to: "/my", label: msg`Assets`, icon: Wallet, live: true, tab: true },
  {
    to: "/data",
    label: msg`News and help`,
    tabLabel: msg`News`,
    icon: Newspaper,
    live: true,
    tab: true,
  },
];

/** The bottom tab bar: the live places meant for it, in menu order. */
export const tabItems = (items: readonly NavItem[] = NAV_ITEMS): NavItem[] =>
  items.filter((item) => item.live && item.tab);
