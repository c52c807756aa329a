// The records' filters: bill type (grouped by what the money was for; only products that exist)
// and asset. "All" is the
// empty value of each select.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { isBillType } from "../../../protocol";
import type { BillFilter } from "../../db/queries/bills";
import { BILL_FILTER_GROUPS, billTypeLabel } from "../../ui/bills/bill-labels";

export function BillFilters(props: {
  filter: BillFilter;
  /** The assets the user has bills in. */
  assets: readonly string[];
  onChange: (filter: BillFilter) => void;
}) {
  const { i18n, t } = useLingui();
  const typeId = useId();
  const assetId = useId();
  const { filter } = props;
  // A chosen asset stays choosable while its list is still loading.
  const assets =
    filter.asset !== null && !props.assets.includes(filter.asset)
      ? [...props.assets, filter.asset]
      : props.assets;

  return (
    <div className="q-records__filters">
      <div className="q-field">
        <label htmlFor={typeId}>
          <Trans>Type</Trans>
        </label>
        <select
          id={typeId}
          value={filter.type === null ? "" : String(filter.type)}
          onChange={(event) => {
            const code = Number(event.target.value);
            props.onChange({
              ...filter,
              type: event.target.value !== "" && isBillType(code) ? code : null,
            });
          }}
          data-testid="bill-filter-type"
        >
          <option value="">{t`All types`}</option>
          {BILL_FILTER_GROUPS.map((group) => (
            <optgroup key={group.types[0]} label={i18n._(group.label)}>
              {group.types.map((code) => (
                <option key={code} value={String(code)}>
                  {billTypeLabel(i18n, code)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="q-field">
        <label htmlFor={assetId}>
          <Trans>Asset</Trans>
        </label>
        <select
          id={assetId}
          value={filter.asset ?? ""}
          onChange={(event) =>
            props.onChange({
              ...filter,
              asset: event.target.value === "" ? null : event.target.value,
            })
          }
          data-testid="bill-filter-asset"
        >
          <option value="">{t`All assets`}</option>
          {assets.map((asset) => (
            <option key={asset} value={asset}>
              {asset}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
