// The fields of one setting's dataset, by alias: pitch (title, subtitle, points), subscribe
// (title, text), footer (operator, copyright). The value stays loosely typed while edited; the
// shape is checked on save (protocol/settings-admin.ts).
import { Trans, useLingui } from "@lingui/react/macro";
import type { SettingAlias } from "../../../protocol";
import { TextField } from "../../ui/form/text-field";

type Fields = Record<string, unknown>;
type Point = { title: string; text: string };

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function SettingFields(props: {
  alias: SettingAlias;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const value = (
    typeof props.value === "object" && props.value !== null ? props.value : {}
  ) as Fields;
  const set = (key: string, v: unknown) => props.onChange({ ...value, [key]: v });
  const field = (key: string, label: string) => (
    <TextField
      key={key}
      label={label}
      value={str(value[key])}
      onChange={(v) => set(key, v)}
      disabled={props.disabled}
      testId={`setting-${props.alias}-${key}`}
    />
  );
  if (props.alias === "footer") {
    return (
      <>
        {field("operator", t`Operator`)}
        {field("copyright", t`Copyright line`)}
      </>
    );
  }
  if (props.alias === "subscribe") {
    return (
      <>
        {field("title", t`Title`)}
        {field("text", t`Text`)}
      </>
    );
  }
  const points = (Array.isArray(value.points) ? value.points : []) as Point[];
  const setPoint = (i: number, key: keyof Point, v: string) =>
    set(
      "points",
      points.map((p, j) => (j === i ? { ...p, [key]: v } : p)),
    );
  return (
    <>
      {field("title", t`Title`)}
      {field("subtitle", t`Subtitle`)}
      {points.map((point, i) => {
        const number = i + 1;
        return (
          <fieldset key={i} className="q-admin-card">
            <legend>
              <Trans>Point {number}</Trans>
            </legend>
            <TextField
              label={t`Title`}
              value={str(point.title)}
              onChange={(v) => setPoint(i, "title", v)}
              disabled={props.disabled}
            />
            <TextField
              label={t`Text`}
              value={str(point.text)}
              onChange={(v) => setPoint(i, "text", v)}
              disabled={props.disabled}
            />
            {!props.disabled && (
              <button
                type="button"
                className="q-admin-link"
                onClick={() =>
                  set(
                    "points",
                    points.filter((_, j) => j !== i),
                  )
                }
              >
                <Trans>Remove point</Trans>
              </button>
            )}
          </fieldset>
        );
      })}
      {!props.disabled && (
        <button
          type="button"
          className="q-admin-link"
          onClick={() => set("points", [...points, { title: "", text: "" }])}
        >
          <Trans>Add point</Trans>
        </button>
      )}
    </>
  );
}
