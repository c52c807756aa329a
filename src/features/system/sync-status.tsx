// /system's storage and sync section: the sync phase in words, how fresh each kind of data is,
// and how much this device stores.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { intlLocale } from "../../lib/intl-locale";
import { useFreshness, useSyncPhase, type SyncPhase } from "../../db/sync-state";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";

const PHASES: Record<SyncPhase, MessageDescriptor> = {
  initial: msg`Starting`,
  pulling: msg`Downloading updates`,
  pushing: msg`Sending your changes`,
  "in-sync": msg`Up to date`,
  offline: msg`Offline — showing what this device last saw`,
  error: msg`The server could not be reached; retrying`,
};

interface StorageFacts {
  usage: number | null;
  persisted: boolean | null;
}

function useStorageFacts(): StorageFacts {
  const [facts, setFacts] = useState<StorageFacts>({ usage: null, persisted: null });
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
    if (storage === undefined) return;
    void Promise.all([
      storage.estimate?.().catch(() => undefined),
      storage.persisted?.().catch(() => undefined),
    ]).then(([estimate, persisted]) => {
      if (live) setFacts({ usage: estimate?.usage ?? null, persisted: persisted ?? null });
    });
    return () => {
      live = false;
    };
  }, []);
  return facts;
}

export function SyncStatus() {
  const { i18n, t } = useLingui();
  const phase = useSyncPhase();
  const storage = useStorageFacts();
  const phaseText = i18n._(PHASES[phase]);
  const account = useFreshness("account");
  const articles = useFreshness("articles");
  const settings = useFreshness("settings");
  const links = useFreshness("links");
  const status = useFreshness("status");
  const rows: { key: string; label: string; at: string | null }[] = [
    { key: "account", label: t`Your account and messages`, at: account },
    { key: "articles", label: t`Articles`, at: articles },
    { key: "settings", label: t`Home page content`, at: settings },
    { key: "links", label: t`Links to support and documents`, at: links },
    { key: "status", label: t`Service status`, at: status },
  ];
  const megabytes =
    storage.usage === null
      ? null
      : new Intl.NumberFormat(intlLocale(i18n.locale), { maximumFractionDigits: 1 }).format(
          storage.usage / 1_000_000,
        );
  return (
    <section className="q-card q-system__sync">
      <h2>
        <Trans>Storage and sync</Trans>
      </h2>
      <p data-testid="sync-phase" data-phase={phase}>
        <Trans>
          Sync: <strong>{phaseText}</strong>
        </Trans>
      </p>
      <dl className="q-system__freshness">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>
              {/* The account's line is the screen's own ("freshness"); the rest are named. */}
              <ScreenFreshness
                at={row.at}
                testId={row.key === "account" ? "freshness" : `freshness-${row.key}`}
              />
            </dd>
          </div>
        ))}
      </dl>
      {megabytes !== null && (
        <p className="q-muted">
          <Trans>This device stores {megabytes} MB for Quanta.</Trans>
        </p>
      )}
      {storage.persisted === false && (
        <p className="q-muted">
          <Trans>
            The browser may delete this data when space runs low; it is downloaded again.
          </Trans>
        </p>
      )}
    </section>
  );
}
