// The seed's shortcuts on the assets screen, each to a screen of this app. "About" opens
// settings, where /system keeps the version and the about section (DESIGN §7).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

interface Shortcut {
  key: string;
  to:
    | "/options"
    | "/spots"
    | "/verified"
    | "/records"
    | "/withdrawal"
    | "/recharge"
    | "/intelligent"
    | "/system";
  label: MessageDescriptor;
}

const SHORTCUTS: readonly Shortcut[] = [
  { key: "options", to: "/options", label: msg`Options` },
  { key: "spot", to: "/spots", label: msg`Spot` },
  { key: "verified", to: "/verified", label: msg`Verified` },
  { key: "records", to: "/records", label: msg`Financial records` },
  { key: "withdraw", to: "/withdrawal", label: msg`Withdraw` },
  { key: "recharge", to: "/recharge", label: msg`Recharge` },
  // The seed's "summary" is the plans' summary: the AI quant screen shows plans and results.
  { key: "summary", to: "/intelligent", label: msg`Summary` },
  { key: "about", to: "/system", label: msg`About` },
];

export function AssetShortcuts() {
  const { i18n, t } = useLingui();
  return (
    <nav className="q-my__shortcuts" aria-label={t`Shortcuts`}>
      {SHORTCUTS.map((shortcut) => (
        <Link
          key={shortcut.key}
          to={shortcut.to}
          className="q-my__shortcut"
          data-testid={`my-shortcut-${shortcut.key}`}
        >
          {i18n._(shortcut.label)}
        </Link>
      ))}
    </nav>
  );
}
