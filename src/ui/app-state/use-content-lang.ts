// The language content is read in: the app's current language (content rows fall back to
// English in src/db/queries when this language has none).
import { useLingui } from "@lingui/react/macro";
import { isLang, type Lang } from "../../../protocol";

export function useContentLang(): Lang {
  const { i18n } = useLingui();
  return isLang(i18n.locale) ? i18n.locale : "en";
}
