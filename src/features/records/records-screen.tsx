// Financial records (/records): the user's bills as the change log brought them into IndexedDB,
// filtered by type and asset, with a CSV export of what the filters select.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { NO_BILL_FILTER, readBills, useBillAssets, type BillFilter } from "../../db/queries/bills";
import { useFreshness } from "../../db/sync-state";
import { requestSync } from "../../sync/commands";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { PullToRefresh } from "../../ui/pull-refresh/pull-to-refresh";
import { showToast } from "../../ui/toast/toast-store";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { BillFilters } from "./bill-filters";
import { BillList } from "./bill-list";
import { billTypeLabel } from "../../ui/bills/bill-labels";
import { billsCsv, billsFileName, downloadCsv } from "./bills-csv";
import "./records.css";

export function RecordsScreen() {
  const { i18n, t } = useLingui();
  const userId = useSessionUserId();
  const freshness = useFreshness("account");
  const assets = useBillAssets(userId);
  const [filter, setFilter] = useState<BillFilter>(NO_BILL_FILTER);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (userId === null) return;
    setExporting(true);
    try {
      // Every matching bill, not only the rows loaded so far.
      const { items } = await readBills(userId, filter, Infinity);
      if (items.length === 0) {
        showToast(t`There are no records to export.`, "info");
        return;
      }
      downloadCsv(
        billsCsv(items, (code) => billTypeLabel(i18n, code)),
        billsFileName(new Date()),
      );
    } catch {
      showToast(t`The records could not be exported. Please try again.`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ScreenFrame title={t`Financial records`} testId="screen-records">
      <ScreenFreshness at={freshness} />
      <div className="q-records__bar">
        <BillFilters filter={filter} assets={assets} onChange={setFilter} />
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={() => void exportCsv()}
          disabled={exporting || userId === null}
          data-testid="bills-export"
        >
          <Trans>Export CSV</Trans>
        </button>
      </div>
      {/* A new filter starts again at its first page. */}
      <PullToRefresh onRefresh={requestSync}>
        <BillList
          key={`${filter.type ?? ""}|${filter.asset ?? ""}`}
          userId={userId}
          filter={filter}
        />
      </PullToRefresh>
    </ScreenFrame>
  );
}
