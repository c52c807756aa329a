// /intelligent: AI quant plans and the strategy lab. The user's credit level and quota, the plans
// by level with their recorded backtests, a subscribe sheet, the running plans with live pnl and
// their trades, the ended plans, and the lab (backtest and walk-forward optimisation). Everything
// is read from IndexedDB (src/db/queries/quant.ts); opening the screen asks the sync layer to read
// the catalogue, quota and plans' backtests again. Subscribing, stopping and queuing jobs are
// online-only commands (src/sync/quant-commands.ts).
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { QuantPlan } from "../../../protocol/quant";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useQuantCatalogue, useQuantQuota } from "../../db/queries/quant";
import { useFreshness } from "../../db/sync-state";
import { refreshQuant } from "../../sync/quant-commands";
import { oldest, ScreenFreshness, useOffline } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { RiskWarning } from "../../ui/notices";
import { QuantLab } from "./quant-lab";
import { QuantMyPlans } from "./quant-my-plans";
import { QuantPlanList } from "./quant-plan-list";
import { QuantQuotaCard } from "./quant-quota-card";
import { QuantSubscribeSheet } from "./quant-subscribe-sheet";
import "./quant.css";

type Tab = "plans" | "running" | "history" | "lab";

export function QuantScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const offline = useOffline();
  const [tab, setTab] = useState<Tab>("plans");
  const [subscribing, setSubscribing] = useState<QuantPlan | null>(null);
  const catalogueRow = useQuantCatalogue();
  const quotaRow = useQuantQuota(userId);
  const overviewRow = useAssetsOverview(userId);
  const accountFreshness = useFreshness("account");
  const catalogue = catalogueRow.status === "ready" ? (catalogueRow.value ?? null) : null;
  const quota = quotaRow.status === "ready" ? (quotaRow.value ?? null) : null;
  const overview = overviewRow.status === "ready" ? overviewRow.value : undefined;
  const balance =
    overview === undefined
      ? null
      : (overview.balances.find((row) => row.asset === "USDT")?.available ?? "0");

  useEffect(() => {
    if (userId === null || offline) return;
    void refreshQuant().catch(() => undefined);
  }, [userId, offline]);

  const tabs: { tab: Tab; label: string }[] = [
    { tab: "plans", label: t({ message: "Plans", comment: "Quant: tab of the plan catalogue" }) },
    {
      tab: "running",
      label: t({ message: "Running", comment: "Quant: tab of the user's running plans" }),
    },
    {
      tab: "history",
      label: t({ message: "History", comment: "Quant: tab of the user's ended plans" }),
    },
    { tab: "lab", label: t({ message: "Lab", comment: "Quant: tab of the strategy lab" }) },
  ];
  const plans = catalogue?.plans ?? [];
  return (
    <ScreenFrame title={t`Intelligent quantification`} testId="screen-intelligent">
      <div className="q-quant">
        <ScreenFreshness
          at={oldest([accountFreshness, catalogue?.readAt ?? null, quota?.readAt ?? null])}
        />
        <p className="q-card q-muted" data-testid="quant-about">
          <Trans comment="Quant: what the plans are, at the top of the screen">
            A plan runs a named, documented strategy on the live market with your amount for a set
            time. Its result is exactly what its trades earned. The "AI" is a parameter search with
            walk-forward validation, nothing more.
          </Trans>
        </p>
        <RiskWarning />
        <QuantQuotaCard quota={quota} />
        <div className="q-tabs" role="tablist">
          {tabs.map((item) => (
            <button
              key={item.tab}
              type="button"
              role="tab"
              className="q-tabs__tab"
              aria-selected={tab === item.tab}
              onClick={() => setTab(item.tab)}
              data-testid={`quant-tab-${item.tab}`}
            >
              {item.label}
            </button>
          ))}
        </div>
        {tab === "plans" && (
          <QuantPlanList
            plans={catalogue?.plans ?? null}
            quota={quota}
            offline={offline}
            onSubscribe={setSubscribing}
          />
        )}
        {(tab === "running" || tab === "history") && (
          <QuantMyPlans
            userId={userId}
            which={tab === "running" ? "running" : "ended"}
            plans={plans}
            offline={offline}
          />
        )}
        {tab === "lab" && (
          <QuantLab
            userId={userId}
            strategies={catalogue?.strategies ?? []}
            plans={plans}
            offline={offline}
          />
        )}
      </div>
      {subscribing !== null && (
        <QuantSubscribeSheet
          plan={subscribing}
          userId={userId}
          quota={quota}
          balance={balance}
          offline={offline}
          onClose={() => setSubscribing(null)}
          onSubscribed={() => {
            setSubscribing(null);
            setTab("running");
          }}
        />
      )}
    </ScreenFrame>
  );
}
