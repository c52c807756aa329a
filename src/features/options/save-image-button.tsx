// "Save as image" on /options: a result card as a PNG, shared where the browser can share files,
// downloaded otherwise. A closed share sheet is not an error.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type RefObject } from "react";
import { imageFileName, renderElementPng, shareOrDownload } from "../../ui/charts/save-image";
import { showToast } from "../../ui/toast/toast-store";

export function SaveImageButton(props: {
  target: RefObject<HTMLElement | null>;
  symbol: string;
  testId?: string;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const element = props.target.current;
    if (element === null || busy) return;
    setBusy(true);
    try {
      const background = getComputedStyle(element).getPropertyValue("--q-bg").trim() || "#ffffff";
      const png = await renderElementPng(element, { backgroundColor: background });
      await shareOrDownload(png, imageFileName(props.symbol, new Date()));
    } catch (error) {
      console.error("save image failed", error);
      showToast(t`The image could not be saved. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="q-button q-button--ghost"
      data-testid={props.testId ?? "save-image"}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void save()}
    >
      {busy ? <Trans>Preparing image…</Trans> : <Trans>Save as image</Trans>}
    </button>
  );
}
