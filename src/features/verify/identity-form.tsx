import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { refreshFieldErrors } from "../../lib/field-errors";
import { submitIdentity } from "../../sync/commands";
import { showToast } from "../../ui/toast/toast-store";
import { ID_TYPES, type IdType } from "./id-types";
import { PhotoField } from "./photo-field";
import { validateIdentity, type IdentityErrors, type IdentityInput } from "./validate-identity";

/**
 * The verification form: name, ID number, ID type and a photo, all required. Submitting saves
 * it in the outbox (photo included), so it works offline; the screen shows the entry's state.
 */
export function IdentityForm() {
  const { i18n, t } = useLingui();
  const nameId = useId();
  const numberId = useId();
  const typeId = useId();
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
  const nameError = message("name");
  const numberError = message("idNumber");
  const typeError = message("idType");

  return (
    <form className="q-card q-verify__form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>
        <Trans>Verify your identity</Trans>
      </h2>
      <div className="q-field">
        <label htmlFor={nameId}>
          <Trans>Full name, as on the document</Trans>
        </label>
        <input
          id={nameId}
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            recheck({ name: event.target.value }, "name");
          }}
          aria-invalid={nameError !== null}
          data-testid="identity-name"
        />
        {nameError !== null && <p className="q-field__error">{nameError}</p>}
      </div>
      <div className="q-field">
        <label htmlFor={typeId}>
          <Trans>Document type</Trans>
        </label>
        <select
          id={typeId}
          value={idType === null ? "" : String(idType)}
          onChange={(event) => {
            const type = event.target.value === "" ? null : (Number(event.target.value) as IdType);
            setIdType(type);
            recheck({ idType: type }, "idType");
          }}
          aria-invalid={typeError !== null}
          data-testid="identity-type"
        >
          <option value="">{t`Choose a document type`}</option>
          {ID_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {i18n._(type.label)}
            </option>
          ))}
        </select>
        {typeError !== null && <p className="q-field__error">{typeError}</p>}
      </div>
      <div className="q-field">
        <label htmlFor={numberId}>
          <Trans>Document number</Trans>
        </label>
        <input
          id={numberId}
          autoComplete="off"
          maxLength={40}
          value={idNumber}
          onChange={(event) => {
            setIdNumber(event.target.value);
            recheck({ idNumber: event.target.value }, "idNumber");
          }}
          aria-invalid={numberError !== null}
          data-testid="identity-number"
        />
        {numberError !== null && <p className="q-field__error">{numberError}</p>}
      </div>
      <PhotoField
        key={photoKey}
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
