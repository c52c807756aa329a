// Editing a position's take-profit and stop-loss in a small sheet: both are sent (PUT targets),
// an empty field removes its level. The server checks them against the position and the price.
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { ContractOrderRow } from "../../db/queries/contract";
import { formatPrice } from "../../lib/format/format-price";
import { ContractCommandError, setContractTargets } from "../../sync/contract-commands";
import { BottomSheet } from "../../ui/trading/bottom-sheet";
import { ConfirmActions } from "../../ui/trading/confirm-actions";
import { commandErrorText } from "./contract-labels";
import { priceText, priceUnits, type ContractTerms } from "./contract-math";
import { ContractTargetFields } from "./contract-target-fields";
import { Trans } from "@lingui/react/macro";

type Level = "takeProfit" | "stopLoss";

export function ContractTargetsSheet(props: {
  order: ContractOrderRow;
  terms: ContractTerms | null;
  onDone: () => void;
}) {
  const { i18n, t } = useLingui();
  const { order, terms } = props;
  const [levels, setLevels] = useState({
    takeProfit: order.takeProfit ?? "",
    stopLoss: order.stopLoss ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<Level, string>>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The level to send (null removes it), or undefined when it cannot be read. */
  const levelOf = (value: string): string | null | undefined => {
    if (value.trim() === "") return null;
    const units = priceUnits(value);
    if (units === null || units <= 0n) return undefined;
    if (terms !== null && units % terms.rules.priceStep !== 0n) return undefined;
    return value.trim();
  };

  const save = async () => {
    const takeProfit = levelOf(levels.takeProfit);
    const stopLoss = levelOf(levels.stopLoss);
    const step =
      terms === null
        ? null
        : formatPrice(priceText(terms.rules.priceStep, terms.rules), i18n.locale);
    const bad =
      step === null
        ? t({
            message: "Enter a price above zero, or leave it empty.",
            comment: "Contract targets: a level that cannot be read",
          })
        : t({
            message: `Enter a price above zero, in steps of ${step}, or leave it empty.`,
            comment: "Contract form: a take-profit or stop-loss price that cannot be read",
          });
    const found = {
      ...(takeProfit === undefined ? { takeProfit: bad } : {}),
      ...(stopLoss === undefined ? { stopLoss: bad } : {}),
    };
    setErrors(found);
    if (takeProfit === undefined || stopLoss === undefined) return;
    setSending(true);
    setError(null);
    try {
      await setContractTargets(order.id, { takeProfit, stopLoss });
      props.onDone();
    } catch (failure) {
      setError(
        failure instanceof ContractCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The levels could not be saved. Please try again.",
              comment: "Saving a contract position's take-profit and stop-loss failed",
            }),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <BottomSheet
      title={t({ message: "Take-profit and stop-loss", comment: "Contract targets sheet title" })}
      onClose={sending ? () => undefined : props.onDone}
      testId="contract-targets"
    >
      <p className="q-muted">
        <Trans comment="Contract targets: how take-profit and stop-loss work">
          The first recorded tick at or beyond a level closes the position at that tick's price. The
          liquidation price comes first. Leave a field empty to remove its level.
        </Trans>
      </p>
      <ContractTargetFields
        takeProfit={levels.takeProfit}
        stopLoss={levels.stopLoss}
        errors={errors}
        onChange={(patch) => {
          setErrors({});
          setLevels({ ...levels, ...patch });
        }}
        testIds={{ takeProfit: "contract-targets-tp", stopLoss: "contract-targets-sl" }}
      />
      <ConfirmActions
        blocked={null}
        error={error}
        sending={sending}
        confirmLabel={<Trans comment="Contract targets: save button">Save</Trans>}
        onConfirm={() => void save()}
        onBack={props.onDone}
        testIds={{
          blocked: "contract-targets-blocked",
          error: "contract-targets-error",
          confirm: "contract-targets-save",
          back: "contract-targets-cancel",
        }}
      />
    </BottomSheet>
  );
}
