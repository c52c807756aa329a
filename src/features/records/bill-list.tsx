// The user's bills from IndexedDB, newest first, a page at a time: "Load more" widens the
// window, and so does scrolling near the end (IntersectionObserver) — no request, the change log
// already brought them.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { BILL_PAGE_SIZE, useBills, type BillFilter, type BillRow } from "../../db/queries/bills";
import { formatContentDate } from "../../lib/format/format-date";
import { billTypeLabel } from "../../ui/bills/bill-labels";
import { formatMoney, formatSignedMoney, moneyDirection } from "../../lib/format/format-money";
import { Skeleton } from "../../ui/skeleton/skeleton";

const DIRECTION_CLASS = { in: "q-up", out: "q-down", none: "" } as const;

function BillItem(props: { bill: BillRow }) {
  const { i18n } = useLingui();
  const { bill } = props;
  const locale = i18n.locale;
  const balance = formatMoney(bill.balanceAfter, locale);
  const asset = bill.asset;
  return (
    <li className="q-records__row" data-testid="bill-row" data-id={bill.id} data-type={bill.type}>
      <span className="q-records__label">{billTypeLabel(i18n, bill.type)}</span>
      <strong className={`q-records__amount ${DIRECTION_CLASS[moneyDirection(bill.amount)]}`}>
        {formatSignedMoney(bill.amount, locale)} {bill.asset}
      </strong>
      <time className="q-muted q-records__time" dateTime={bill.createdAt}>
        {formatContentDate(bill.createdAt, locale, true)}
      </time>
      <span className="q-muted q-records__balance">
        <Trans>
          Balance after: {balance} {asset}
        </Trans>
      </span>
    </li>
  );
}

export function BillList(props: { userId: string | null; filter: BillFilter }) {
  const [limit, setLimit] = useState(BILL_PAGE_SIZE);
  const bills = useBills(props.userId, props.filter, limit);
  const sentinel = useRef<HTMLButtonElement>(null);
  const hasMore = bills.status === "ready" && bills.value.hasMore;
  const shown = bills.status === "ready" ? bills.value.items.length : 0;
  const filtered = props.filter.type !== null || props.filter.asset !== null;

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || target === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Grow from what is shown, so one sighting adds exactly one page.
        if (entries.some((entry) => entry.isIntersecting)) setLimit(shown + BILL_PAGE_SIZE);
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  if (bills.status === "loading") {
    return <Skeleton lines={5} />;
  }
  if (bills.status === "error") {
    return (
      <p className="q-notice" role="alert">
        <Trans>The data saved on this device could not be read.</Trans>
      </p>
    );
  }
  if (bills.value.items.length === 0) {
    return (
      <p className="q-card q-muted" data-testid="bills-empty">
        {filtered ? (
          <Trans>No records match these filters.</Trans>
        ) : (
          <Trans>
            No financial records yet. Deposits, withdrawals and trades appear here once they are
            booked.
          </Trans>
        )}
      </p>
    );
  }
  return (
    <>
      <ul className="q-records" data-testid="bill-list">
        {bills.value.items.map((bill) => (
          <BillItem key={bill.id} bill={bill} />
        ))}
      </ul>
      {hasMore && (
        <button
          ref={sentinel}
          type="button"
          className="q-button q-button--ghost q-records__more"
          onClick={() => setLimit(shown + BILL_PAGE_SIZE)}
          data-testid="load-more"
        >
          <Trans>Load more</Trans>
        </button>
      )}
    </>
  );
}
