// The amount of a recharge or a withdrawal: USDT, at the ledger's six decimals.
import { Trans } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { USDT_SCALE } from "../../../protocol/assets";
import { DecimalField } from "../../ui/form/decimal-field";

export function UsdtAmountField(
  props: Omit<ComponentProps<typeof DecimalField>, "label" | "scale">,
) {
  return <DecimalField label={<Trans>Amount (USDT)</Trans>} scale={USDT_SCALE} {...props} />;
}
