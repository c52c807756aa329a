import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { ID_TYPE, type IdType } from "../../../protocol";

export type { IdType };

export const ID_TYPES: readonly { value: IdType; label: MessageDescriptor }[] = [
  { value: ID_TYPE.idCard, label: msg`ID card` },
  { value: ID_TYPE.passport, label: msg`Passport` },
  { value: ID_TYPE.drivingLicence, label: msg`Driving licence` },
  { value: ID_TYPE.other, label: msg`Other document` },
];

export function idTypeLabel(value: number): MessageDescriptor {
  return ID_TYPES.find((type) => type.value === value)?.label ?? msg`Other document`;
}
