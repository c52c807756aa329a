// Users: search wallet users by address (the whole address or its start), newest first, then
// open one for balances, bills, sessions and lock/unlock. Answers stay in component state.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, type FormEvent } from "react";
import { USER_SEARCH_MAX_LENGTH } from "../../../protocol/admin-users";
import { searchUsers, type AdminUserItem } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";
import { UserDetail } from "./user-detail";
import { IdentityText, LockText } from "./user-state-text";

const SEARCH = /^(0[xX])?[0-9a-fA-F]{0,40}$/;

export function UsersScreen() {
  const { t, i18n } = useLingui();
  const [text, setText] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [items, setItems] = useState<AdminUserItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const load = (address: string, from: string | null) => {
    searchUsers(address, from).then(
      (page) => {
        setError(null);
        setSearched(address);
        setItems((known) => (from === null ? page.items : [...known, ...page.items]));
        setCursor(page.nextCursor);
      },
      (failure: unknown) => setError(consoleErrorText(i18n, failure)),
    );
  };

  // The newest users on opening, so an operator sees who signed up without typing anything.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load("", null), []);

  // Back from a user: read the list again, since a lock or unlock there changed it.
  const back = () => {
    setSelected(null);
    load(searched ?? "", null);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const address = text.trim();
    if (!SEARCH.test(address)) {
      return setError(t`Enter an address or its start: 0x and up to 40 hex digits.`);
    }
    load(address, null);
  };

  if (selected !== null) {
    return <UserDetail address={selected} onBack={back} />;
  }

  return (
    <section className="q-admin-card" data-testid="admin-users">
      <h1 className="q-admin-title">
        <Trans>Users</Trans>
      </h1>
      <form className="q-admin-filters" onSubmit={search} noValidate>
        <TextField
          label={t`Wallet address`}
          hint={t`The whole address or its start; empty lists every user.`}
          value={text}
          onChange={setText}
          maxLength={USER_SEARCH_MAX_LENGTH}
          hex
          testId="user-search"
        />
        <button className="q-admin-button" type="submit" data-testid="user-search-go">
          <Trans>Search</Trans>
        </button>
      </form>
      <ErrorLine error={error} role="alert" />
      {searched !== null && items.length === 0 && (
        <p className="q-admin-note" data-testid="user-none">
          <Trans>No user matches.</Trans>
        </p>
      )}
      {items.length > 0 && (
        <table className="q-admin-table">
          <thead>
            <tr>
              <th>
                <Trans>Address</Trans>
              </th>
              <th>
                <Trans>Signed up</Trans>
              </th>
              <th>
                <Trans>Identity</Trans>
              </th>
              <th>
                <Trans>Account</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <tr key={user.id} data-testid="user-row">
                <td>
                  <button
                    type="button"
                    className="q-admin-link q-admin-address"
                    onClick={() => setSelected(user.address)}
                    data-testid={`user-open-${user.address}`}
                  >
                    <code>{user.address}</code>
                  </button>
                </td>
                <td>{timeText(user.createdAt, i18n.locale)}</td>
                <td>
                  <IdentityText status={user.identity} />
                </td>
                <td>
                  <LockText user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor !== null && searched !== null && (
        <button
          type="button"
          className="q-admin-link"
          onClick={() => load(searched, cursor)}
          data-testid="user-more"
        >
          <Trans>More users</Trans>
        </button>
      )}
    </section>
  );
}
