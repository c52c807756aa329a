import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { ACCEPTED_IMAGES, useCompressedImage } from "../../ui/image/use-compressed-image";

/**
 * The document photo: taken with the camera or chosen from the device, compressed here, and
 * previewed as it will be sent. The form clears it by remounting the field (a new `key`).
 */
export function PhotoField(props: {
  onChange: (photo: Blob | null) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  const cameraId = useId();
  const fileId = useId();
  const errorId = useId();
  const { preview, reading, readError, choose } = useCompressedImage(props.onChange, {
    unreadable: t`This file could not be read as a photo. Choose a JPEG, PNG or WebP image.`,
    failed: t`The photo could not be prepared. Please try another one.`,
  });

  const error = readError ?? props.error;
  return (
    <fieldset className="q-field q-verify__photo" aria-describedby={error ? errorId : undefined}>
      <legend>
        <Trans>Photo of the document</Trans>
      </legend>
      <p className="q-muted">
        <Trans>
          The whole document, readable and without glare. It is resized on this device before it is
          sent.
        </Trans>
      </p>
      <div className="q-verify__photo-buttons">
        <input
          id={cameraId}
          className="q-visually-hidden"
          type="file"
          accept={ACCEPTED_IMAGES}
          capture="environment"
          onChange={(event) => void choose(event.currentTarget)}
          data-testid="photo-camera"
        />
        <label htmlFor={cameraId} className="q-button q-file-button">
          <Trans>Take a photo</Trans>
        </label>
        <input
          id={fileId}
          className="q-visually-hidden"
          type="file"
          accept={ACCEPTED_IMAGES}
          onChange={(event) => void choose(event.currentTarget)}
          data-testid="photo-file"
        />
        <label htmlFor={fileId} className="q-button q-file-button">
          <Trans>Choose a file</Trans>
        </label>
      </div>
      {reading && (
        <p role="status">
          <Trans>Preparing the photo…</Trans>
        </p>
      )}
      {preview !== null && (
        <img
          className="q-verify__preview"
          src={preview}
          alt={t`Preview of the document photo`}
          data-testid="photo-preview"
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
