// One user's bills, newest first, a page at a time (the same read as the user's own records).
// Bills show their API.md code: the records screen's translated labels live in another feature.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { Bill } from "../../../protocol";
import { billTypeLabel } from "../../ui/bills/bill-labels";
import { listUserBills } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";

export function UserBills(props: { address: string }) {
  const { i18n } = useLingui();
  const [bills, setBills] = useState<Bill[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const load = (from: string | null) => {
    listUserBills(props.address, from).then((page) => {
      setError(null);
      setBills((known) => (from === null ? page.items : [...known, ...page.items]));
      setCursor(page.nextCursor);
      setDone(page.nextCursor === null);
      setLoaded(true);
    }, setError);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load(null), [props.address]);

  return (
    <section data-testid="user-bills">
      <h2 className="q-admin-subtitle">
        <Trans>Bills</Trans>
      </h2>
      <ErrorLine error={error ? consoleErrorText(i18n, error) : null} role="alert" />
      {done && bills.length === 0 ? (
        <p className="q-admin-note">
          <Trans>No bills yet.</Trans>
        </p>
      ) : (
        <table className="q-admin-table">
          <thead>
            <tr>
              <th>
                <Trans>Time</Trans>
              </th>
              <th>
                <Trans>Bill type</Trans>
              </th>
              <th>
                <Trans>Amount</Trans>
              </th>
              <th>
                <Trans>Balance after</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {bills.map((bill) => (
              <tr key={bill.id} data-testid="user-bill">
                <td>{timeText(bill.createdAt, i18n.locale)}</td>
                <td>
                  {billTypeLabel(i18n, bill.type)} <code>{bill.type}</code>
                </td>
                <td>{`${bill.amount} ${bill.asset}`}</td>
                <td>{bill.balanceAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loaded && !done && (
        <button
          type="button"
          className="q-admin-link"
          onClick={() => load(cursor)}
          data-testid="user-bills-more"
        >
          <Trans>Older bills</Trans>
        </button>
      )}
    </section>
  );
}
