// An image to upload (identity photo, recharge voucher): one or more pickers (camera, file), the
// image compressed on this device (use-compressed-image.ts) and previewed as it will be sent, and
// the error line. The form clears it by remounting the field (a new `key`).
import { useId, type ReactNode } from "react";
import { ErrorLine } from "./error-line";
import { ACCEPTED_IMAGES, useCompressedImage } from "../image/use-compressed-image";
import "./form.css";

export interface ImagePicker {
  label: ReactNode;
  /** "environment": open the back camera on phones. */
  capture?: "environment";
  testId?: string;
}

export function ImageField(props: {
  legend: ReactNode;
  hint: ReactNode;
  pickers: readonly ImagePicker[];
  /** The status line while the image is prepared. */
  reading: ReactNode;
  previewAlt: string;
  previewTestId?: string;
  /** The field's own words for a file that is not an image, and for any other failure. */
  readErrors: { unreadable: string; failed: string };
  onChange: (image: Blob | null) => void;
  error: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { preview, reading, readError, choose } = useCompressedImage(
    props.onChange,
    props.readErrors,
  );
  const error = readError ?? props.error;
  const invalid = error !== null && error !== undefined && error !== "";
  return (
    <fieldset className="q-field q-image-field" aria-describedby={invalid ? errorId : undefined}>
      <legend>{props.legend}</legend>
      <p className="q-muted">{props.hint}</p>
      <div className="q-image-field__pickers">
        {props.pickers.map((picker, index) => (
          <ImagePickerButton
            key={index}
            id={`${id}-${index}`}
            picker={picker}
            onPick={(input) => void choose(input)}
          />
        ))}
      </div>
      {reading && <p role="status">{props.reading}</p>}
      {preview !== null && (
        <img
          className="q-image-field__preview"
          src={preview}
          alt={props.previewAlt}
          data-testid={props.previewTestId}
        />
      )}
      <ErrorLine id={errorId} error={error} role="alert" />
    </fieldset>
  );
}

/** A visually hidden file input drawn as a button by its label. */
function ImagePickerButton(props: {
  id: string;
  picker: ImagePicker;
  onPick: (input: HTMLInputElement) => void;
}) {
  return (
    <>
      <input
        id={props.id}
        className="q-visually-hidden"
        type="file"
        accept={ACCEPTED_IMAGES}
        capture={props.picker.capture}
        onChange={(event) => props.onPick(event.currentTarget)}
        data-testid={props.picker.testId}
      />
      <label htmlFor={props.id} className="q-button q-file-button">
        {props.picker.label}
      </label>
    </>
  );
}
