// Take-profit and stop-loss, both optional: the order form's pair and the targets sheet's. A
// recorded tick reaching one closes the position at that tick's price (liquidation first).
import { Trans } from "@lingui/react/macro";
import { USDT_SCALE } from "../../../protocol/assets";
import { DecimalField } from "../../ui/form/decimal-field";

export function ContractTargetFields(props: {
  takeProfit: string;
  stopLoss: string;
  errors: { takeProfit?: string; stopLoss?: string };
  onChange: (patch: { takeProfit?: string; stopLoss?: string }) => void;
  testIds: { takeProfit: string; stopLoss: string };
}) {
  return (
    <div className="q-contract__targets">
      <DecimalField
        label={
          <Trans comment="Contract: optional price that closes the position in profit">
            Take-profit (optional)
          </Trans>
        }
        scale={USDT_SCALE}
        value={props.takeProfit}
        onChange={(takeProfit) => props.onChange({ takeProfit })}
        error={props.errors.takeProfit ?? null}
        testId={props.testIds.takeProfit}
      />
      <DecimalField
        label={
          <Trans comment="Contract: optional price that closes the position to limit a loss">
            Stop-loss (optional)
          </Trans>
        }
        scale={USDT_SCALE}
        value={props.stopLoss}
        onChange={(stopLoss) => props.onChange({ stopLoss })}
        error={props.errors.stopLoss ?? null}
        testId={props.testIds.stopLoss}
      />
    </div>
  );
}
