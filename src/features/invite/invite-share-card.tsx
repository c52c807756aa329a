// The sharing half of /invite: the code and link (each with a copy button), the link's QR code,
// the browser's share sheet where it has one (Web Share API), and the invite card saved as an
// image. Everything here works offline from the stored page; sharing itself is the browser's.
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { shareOrDownload } from "../../ui/charts/save-image";
import { QrCode } from "../../ui/qr/qr-code";
import { showToast } from "../../ui/toast/toast-store";
import { inviteCardFileName, renderInviteCard } from "./invite-card-image";

type Copied = "code" | "link" | "failed" | null;

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard === undefined) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function InviteShareCard(props: { code: string; link: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<Copied>(null);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { code, link } = props;
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  const copy = async (what: "code" | "link") => {
    setCopied((await copyText(what === "code" ? code : link)) ? what : "failed");
  };

  const share = async () => {
    try {
      await navigator.share({
        title: t`Join me on Quanta`,
        text: t`Sign in to Quanta with your wallet through my invitation. My invite code: ${code}`,
        url: link,
      });
    } catch (error) {
      // Closing the sheet is not a failure.
      if (error instanceof Error && error.name === "AbortError") return;
      showToast(t`Sharing did not work here. Copy the link instead.`);
    }
  };

  const saveImage = async () => {
    if (canvas.current === null) return;
    setSaving(true);
    try {
      const blob = await renderInviteCard(canvas.current, {
        title: t`Join me on Quanta`,
        codeLabel: t`Invite code`,
        code,
        link,
        footer: t`Scan the code or open the link, then sign in with your wallet.`,
      });
      const outcome = await shareOrDownload(blob, inviteCardFileName(code));
      if (outcome === "downloaded") showToast(t`Invite card saved.`);
    } catch {
      showToast(t`The invite card could not be saved here.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="q-card q-invite__share" aria-labelledby="invite-share-title">
      <h2 id="invite-share-title">
        <Trans>Your invitation</Trans>
      </h2>
      <p className="q-muted">
        <Trans>Invite code</Trans>
      </p>
      <p className="q-invite__code" data-testid="invite-code">
        {code}
      </p>
      <QrCode
        className="q-invite__qr"
        text={link}
        label={t`QR code of your invite link`}
        testId="invite-qr"
      />
      <p className="q-invite__link" data-testid="invite-link">
        {link}
      </p>
      <div className="q-invite__actions">
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={() => void copy("code")}
          data-testid="invite-copy-code"
        >
          <Trans>Copy code</Trans>
        </button>
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={() => void copy("link")}
          data-testid="invite-copy-link"
        >
          <Trans>Copy link</Trans>
        </button>
        {canShare && (
          <button
            type="button"
            className="q-button"
            onClick={() => void share()}
            data-testid="invite-share"
          >
            <Trans>Share</Trans>
          </button>
        )}
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={() => void saveImage()}
          disabled={saving}
          data-testid="invite-save-image"
        >
          <Trans>Save as image</Trans>
        </button>
      </div>
      {copied === "code" && (
        <p role="status" className="q-muted">
          <Trans>Code copied.</Trans>
        </p>
      )}
      {copied === "link" && (
        <p role="status" className="q-muted">
          <Trans>Link copied.</Trans>
        </p>
      )}
      {copied === "failed" && (
        <p role="alert" className="q-field__error">
          <Trans>Copying is not possible here: select the text above and copy it yourself.</Trans>
        </p>
      )}
      <canvas ref={canvas} hidden data-testid="invite-card-canvas" />
    </section>
  );
}
