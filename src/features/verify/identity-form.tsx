import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { refreshFieldErrors } from "../../lib/field-errors";
import { submitIdentity } from "../../sync/commands";
import { ImageField } from "../../ui/form/image-field";
import { SelectField } from "../../ui/form/select-field";
import { TextField } from "../../ui/form/text-field";
import { showToast } from "../../ui/toast/toast-store";
import { ID_TYPES, type IdType } from "./id-types";
import { validateIdentity, type IdentityErrors, type IdentityInput } from "./validate-identity";

/**
 * The verification form: name, ID number, ID type and a photo, all required. Submitting saves
 * it in the outbox (photo included), so it works offline; the screen shows the entry's state.
 */
export function IdentityForm() {
  const { i18n, t } = useLingui();
  const [name, setName] = useState("");
  const [idNumber, setIdNumber] = useState("");
  const [idType, setIdType] = useState<IdType | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoKey, setPhotoKey] = useState(0);
  const [errors, setErrors] = useState<IdentityErrors>({});
  const [sending, setSending] = useState(false);

  // A field's error is re-checked when that field changes, so a fixed field loses it at once.
  const recheck = (changed: Partial<IdentityInput>, key: keyof IdentityInput) =>
    setErrors((current) =>
      refreshFieldErrors(
        current,
        validateIdentity({ name, idNumber, idType, photo, ...changed }),
        key,
      ),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateIdentity({ name, idNumber, idType, photo });
    setErrors(found);
    if (Object.keys(found).length > 0 || idType === null || photo === null) return;
    setSending(true);
    try {
      await submitIdentity({ name: name.trim(), idNumber: idNumber.trim(), idType, photo });
      setName("");
      setIdNumber("");
      setIdType(null);
      setPhoto(null);
      setPhotoKey((key) => key + 1);
    } catch {
      // Saving on the device failed (storage full or blocked); the entries stay in the form.
      showToast(t`It could not be saved on this device. Please try again.`);
    } finally {
      setSending(false);
    }
  };

  const message = (key: keyof IdentityErrors) => {
    const descriptor = errors[key];
    return descriptor ? i18n._(descriptor) : null;
  };

  return (
    <form className="q-card q-verify__form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>
        <Trans>Verify your identity</Trans>
      </h2>
      <TextField
        label={<Trans>Full name, as on the document</Trans>}
        autoComplete="name"
        maxLength={100}
        value={name}
        onChange={(value) => {
          setName(value);
          recheck({ name: value }, "name");
        }}
        error={message("name")}
        testId="identity-name"
      />
      <SelectField
        label={<Trans>Document type</Trans>}
        placeholder={t`Choose a document type`}
        options={ID_TYPES.map((type) => ({ value: type.value, label: i18n._(type.label) }))}
        value={idType}
        onChange={(type) => {
          setIdType(type);
          recheck({ idType: type }, "idType");
        }}
        error={message("idType")}
        testId="identity-type"
      />
      <TextField
        label={<Trans>Document number</Trans>}
        maxLength={40}
        value={idNumber}
        onChange={(value) => {
          setIdNumber(value);
          recheck({ idNumber: value }, "idNumber");
        }}
        error={message("idNumber")}
        testId="identity-number"
      />
      <ImageField
        key={photoKey}
        legend={<Trans>Photo of the document</Trans>}
        hint={
          <Trans>
            The whole document, readable and without glare. It is resized on this device before it
            is sent.
          </Trans>
        }
        pickers={[
          { label: <Trans>Take a photo</Trans>, capture: "environment", testId: "photo-camera" },
          { label: <Trans>Choose a file</Trans>, testId: "photo-file" },
        ]}
        reading={<Trans>Preparing the photo…</Trans>}
        previewAlt={t`Preview of the document photo`}
        previewTestId="photo-preview"
        readErrors={{
          unreadable: t`This file could not be read as a photo. Choose a JPEG, PNG or WebP image.`,
          failed: t`The photo could not be prepared. Please try another one.`,
        }}
        onChange={(next) => {
          setPhoto(next);
          recheck({ photo: next }, "photo");
        }}
        error={message("photo")}
      />
      <button type="submit" className="q-button" disabled={sending} data-testid="identity-submit">
        {sending ? <Trans>Sending…</Trans> : <Trans>Submit for review</Trans>}
      </button>
    </form>
  );
}
