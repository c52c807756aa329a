// E-mail subscriptions: the newest page on screen and the whole list as a CSV file. The file is
// made in memory and handed to the browser's download; the console stores nothing itself.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { listSubscriptions, subscriptionsCsv } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";
import { useRemote } from "./use-remote";

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function SubscriptionsScreen() {
  const { i18n } = useLingui();
  const page = useRemote(() => listSubscriptions(null), "subscriptions");
  const [error, setError] = useState<unknown>(null);
  return (
    <section data-testid="admin-subscriptions">
      <h1 className="q-admin-title">
        <Trans>Subscriptions</Trans>
      </h1>
      <button
        type="button"
        className="q-admin-button"
        onClick={() => {
          setError(null);
          subscriptionsCsv().then((blob) => download(blob, "subscriptions.csv"), setError);
        }}
        data-testid="subscriptions-csv"
      >
        <Trans>Download CSV</Trans>
      </button>
      <ErrorLine
        error={(error ?? page.error) ? consoleErrorText(i18n, error ?? page.error) : null}
        role="alert"
      />
      <ul className="q-admin-list">
        {page.data?.items.map((item) => (
          <li key={item.email}>
            {item.email} · {item.lang ?? "—"} · {timeText(item.createdAt, i18n.locale)}
          </li>
        ))}
      </ul>
    </section>
  );
}
