// The console's language switcher for content edited per language (articles, settings): one
// button per app language, the chosen one pressed; `marked` languages have their own text.
import { useLingui } from "@lingui/react/macro";
import { LANGS, type Lang } from "../../../protocol";

export function LangTabs(props: {
  value: Lang;
  onChange: (lang: Lang) => void;
  marked?: readonly Lang[];
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <div className="q-admin-langs" role="group" aria-label={t`Language`} data-testid={props.testId}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          className="q-admin-link"
          aria-pressed={props.value === lang}
          onClick={() => props.onChange(lang)}
          data-testid={`${props.testId}-${lang}`}
        >
          {props.marked?.includes(lang) ? `${lang} •` : lang}
        </button>
      ))}
    </div>
  );
}
