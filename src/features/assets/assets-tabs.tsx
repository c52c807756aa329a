// /my's tabs: Summary (income by product and the equity curve), Other balances (every asset
// besides USDT with its USDT value) and About (versions, mode, links). Only the chosen panel
// renders, so the equity chart (and uPlot) loads when Summary shows.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { AboutTab } from "./about-tab";
import { SummaryTab } from "./summary-tab";

type Tab = "summary" | "others" | "about";

export function AssetsTabs(props: { userId: string | null; otherBalances: ReactNode }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>("summary");
  const tabs: { tab: Tab; label: string }[] = [
    { tab: "summary", label: t`Summary` },
    { tab: "others", label: t`Other balances` },
    { tab: "about", label: t`About` },
  ];
  return (
    <>
      <div className="q-tabs" role="tablist" aria-label={t`Assets`}>
        {tabs.map((item) => (
          <button
            key={item.tab}
            id={`my-tab-${item.tab}`}
            type="button"
            role="tab"
            className="q-tabs__tab"
            aria-selected={tab === item.tab}
            aria-controls="my-tab-panel"
            onClick={() => setTab(item.tab)}
            data-testid={`my-tab-${item.tab}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id="my-tab-panel" role="tabpanel" aria-labelledby={`my-tab-${tab}`}>
        {tab === "summary" && <SummaryTab userId={props.userId} />}
        {tab === "others" &&
          (props.otherBalances ?? (
            <p className="q-card q-muted" data-testid="my-others-none">
              <Trans>Your balances appear here after the first update from the server.</Trans>
            </p>
          ))}
        {tab === "about" && <AboutTab />}
      </div>
    </>
  );
}
