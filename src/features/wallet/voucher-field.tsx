import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { ACCEPTED_IMAGES, useCompressedImage } from "../../ui/image/use-compressed-image";

/**
 * The recharge voucher: a screenshot of the transfer, compressed on this device like the identity
 * photo (long side 1600 px, JPEG, EXIF dropped) and previewed as it will be sent. The form clears
 * it by remounting the field (a new `key`).
 */
export function VoucherField(props: {
  onChange: (voucher: Blob | null) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const errorId = useId();
  const { preview, reading, readError, choose } = useCompressedImage(props.onChange, {
    unreadable: t`This file could not be read as an image. Choose a JPEG, PNG or WebP screenshot.`,
    failed: t`The screenshot could not be prepared. Please try another one.`,
  });

  const error = readError ?? props.error;
  return (
    <fieldset className="q-field q-wallet__voucher" aria-describedby={error ? errorId : undefined}>
      <legend>
        <Trans>Voucher</Trans>
      </legend>
      <p className="q-muted">
        <Trans>
          A screenshot of the transfer in your wallet or exchange, showing amount and time.
        </Trans>
      </p>
      <div>
        <input
          id={inputId}
          className="q-visually-hidden"
          type="file"
          accept={ACCEPTED_IMAGES}
          onChange={(event) => void choose(event.currentTarget)}
          data-testid="recharge-voucher"
        />
        <label htmlFor={inputId} className="q-button q-file-button">
          <Trans>Choose a screenshot</Trans>
        </label>
      </div>
      {reading && (
        <p role="status">
          <Trans>Preparing the screenshot…</Trans>
        </p>
      )}
      {preview !== null && (
        <img
          className="q-wallet__preview"
          src={preview}
          alt={t`Preview of the voucher`}
          data-testid="recharge-voucher-preview"
        />
      )}
      {error !== null && (
        <p id={errorId} className="q-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
