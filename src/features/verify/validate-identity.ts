import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { IDENTITY_LIMITS } from "../../../protocol";

export interface IdentityInput {
  name: string;
  idNumber: string;
  idType: number | null;
  photo: Blob | null;
}

export type IdentityErrors = Partial<Record<keyof IdentityInput, MessageDescriptor>>;

/** Every field is required; the server checks again and its answer is shown as it comes. */
export function validateIdentity(input: IdentityInput): IdentityErrors {
  const errors: IdentityErrors = {};
  const name = input.name.trim();
  const idNumber = input.idNumber.trim();
  const min = IDENTITY_LIMITS.idNumberMinLength;
  const max = IDENTITY_LIMITS.idNumberMaxLength;
  if (name === "") errors.name = msg`Enter your full name as it is on the document.`;
  else if (name.length > IDENTITY_LIMITS.nameMaxLength) errors.name = msg`The name is too long.`;
  if (input.idType === null) errors.idType = msg`Choose the type of document.`;
  if (idNumber === "") errors.idNumber = msg`Enter the document number.`;
  else if (idNumber.length < min || idNumber.length > max) {
    errors.idNumber = msg`The document number should be ${min} to ${max} characters long.`;
  }
  if (input.photo === null) errors.photo = msg`Add a photo of the document.`;
  return errors;
}
